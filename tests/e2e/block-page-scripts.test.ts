import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { BLOCK_TYPES } from "~/shared/blocks";
import { BLOCKS_WITH_BROWSER_CODE } from "~/shared/blocks/browser-code";
import { CONTACT_MESSAGES } from "~/shared/contact-schema";
import { pageLayout } from "~/shared/page-layouts";
import type { CmsPage } from "~/shared/pages";
import type { SiteAdminView } from "~/shared/site-content";
import { DESKTOP, openPage, waitForHydration } from "../helpers/browser";
import { useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * docs/decisions/281-blocks-load-only-their-own-code.md, in the browser: a page of blocks as
 * served loads the code of its forms and of no block that is HTML alone, within the eight
 * scripts of docs/decisions/033-fewer-public-chunks.md; its form is live; reached by a link
 * inside the site, it renders whole, its blocks' code loaded then.
 */
const ADMIN = { username: "scripts-admin", password: "a long enough secret" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

/** A block type's own file, as the build names it after its module (`hero-block-x.js`). */
const blockFile = (type: string) =>
  new RegExp(`/${type.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-block-[\\w-]+\\.js$`);
const HTML_ALONE = BLOCK_TYPES.filter((type) => !BLOCKS_WITH_BROWSER_CODE.has(type));

async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(site.server.url + path);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  return scripts;
}

it("the home page and a landing page load their forms' code and no other block's, and work", async () => {
  const url = site.server.url;
  const setup = await openPage(site.browser, DESKTOP);
  expect((await setup.page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  const made = await setup.page.request.post(`${url}/api/cms/pages`, {
    data: { title: "Landing", path: "/landing", blocks: pageLayout("landing")!.blocks },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as CmsPage;
  expect((await setup.page.request.post(`${url}/api/cms/pages/${id}/publish`)).status()).toBe(200);
  // A second page of the same layout, its blocks under the same ids, its hero's headline another,
  // linked from the header.
  const blocks = pageLayout("landing")!.blocks.map((block) =>
    block.type === "hero" ? { ...block, headline: "A second landing page" } : block,
  );
  const second = await setup.page.request.post(`${url}/api/cms/pages`, {
    data: { title: "Second", path: "/second", blocks },
  });
  const secondId = ((await second.json()) as CmsPage).id;
  expect((await setup.page.request.post(`${url}/api/cms/pages/${secondId}/publish`)).status()).toBe(200);
  const view = (await (await setup.page.request.get(`${url}/api/admin/site`)).json()) as SiteAdminView;
  const header = [...view.draft.links.header, { label: "Second", href: "/second", page: secondId }];
  const draft = { ...view.draft, links: { ...view.draft.links, header } };
  expect((await setup.page.request.put(`${url}/api/admin/site/draft`, { data: draft })).status()).toBe(200);
  expect((await setup.page.request.post(`${url}/api/admin/site/publish`)).status()).toBe(201);
  await setup.close();

  for (const path of ["/", "/landing"]) {
    const { page, problems, close } = await openPage(site.browser, DESKTOP);
    const scripts = await scriptsOf(page, path);
    expect(scripts.length).toBeLessThanOrEqual(8);
    expect(HTML_ALONE.filter((type) => scripts.some((file) => blockFile(type).test(file)))).toEqual([]);
    // The contact form block is live: its checks run in the browser and nothing is sent.
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByText(CONTACT_MESSAGES.emailInvalid).waitFor();
    if (path === "/landing") {
      // The next page of blocks, reached by a link, shows its own blocks, not the ones served here.
      await page.getByRole("banner").getByRole("link", { name: "Second" }).first().click();
      await page.waitForURL(`${url}/second`);
      await page.getByRole("heading", { level: 1, name: "A second landing page" }).waitFor();
      expect(await page.getByText("Let your customers wait wherever they like").count()).toBe(0);
      expect(await page.locator("#contact").count()).toBe(1);
    }
    expect(problems).toEqual([]);
    await close();
  }

  // As served, every block is in its place: a reader without JavaScript gets the landing page's form.
  const plain = await openPage(site.browser, DESKTOP, { javaScriptEnabled: false });
  await plain.page.goto(`${url}/landing`);
  expect(await plain.page.getByRole("form", { name: "Contact form" }).isVisible()).toBe(true);
  expect(
    await plain.page.getByRole("heading", { name: "Let your customers wait wherever they like" }).isVisible(),
  ).toBe(true);
  await plain.close();

  // Reached by a link inside the site, the home page is rendered by the browser: whole, at its anchor.
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  const scripts = await scriptsOf(page, "/industries");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Technology" }).click();
  await page.waitForURL(/\/#core-tech$/);
  await expect
    .poll(() => page.locator("#core-tech").evaluate((el) => el.getBoundingClientRect().top))
    .toBeLessThan(120);
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(await page.locator("#contact").count()).toBe(1);
  expect(scripts.some((file) => blockFile("hero").test(file))).toBe(true);
  expect(problems).toEqual([]);
  await close();
});

it("a served block's links move through the app and its section links scroll, with no page loaded", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  const served = async () => {
    await page.goto(`${site.server.url}/`);
    await waitForHydration(page);
    // A page the server loads anew has no such mark.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  };
  const sameDocument = () => page.evaluate(() => "sameDocument" in window);

  await served();
  const card = page.locator('#industries a[href^="/industries/"]').first();
  const path = await card.getAttribute("href");
  await card.click();
  await page.waitForURL(`${site.server.url}${path}`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(await sameDocument()).toBe(true);

  await served();
  await page.locator('main a[href="#contact"]').first().click();
  await page.waitForFunction(() => {
    const top = document.getElementById("contact")!.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight / 2;
  });
  // Scrolled by the page, not followed by the browser, which would have put #contact in the address.
  expect(page.url()).toBe(`${site.server.url}/`);
  expect(await sameDocument()).toBe(true);
  expect(problems).toEqual([]);
  await close();
});
