import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { SITE_TAB_MESSAGES as M } from "~/app/components/admin/site/site-messages";
import type { CmsPage } from "~/shared/pages";
import { PRIVACY_MESSAGES } from "~/shared/page-links";
import { SITE_CONTENT_MESSAGES } from "~/shared/site-content";
import { violations } from "../helpers/axe";
import { DESKTOP, openPage, waitForHydration } from "../helpers/browser";
import { openScreen } from "../helpers/admin-nav";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * The Site tab's links to pages (docs/cms-guide.md "The Site tab"): a header link and the privacy
 * policy chosen from the published pages by title, published, then seen by a visitor of the home
 * page as a menu link and the contact form's consent line.
 */
const ADMIN = { username: "links-admin", password: "a long enough secret" };
const SHOTS = process.env.SCREENSHOT_DIR;
const PHONE = { width: 390, height: 844 };

const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

async function shot(page: Page, name: string, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

async function publishedPage(page: Page, title: string, path: string): Promise<CmsPage> {
  const url = site.server.url;
  const made = await page.request.post(`${url}/api/cms/pages`, {
    data: { title, path, blocks: [{ id: "text", type: "richText", html: `<p>${title}: what it says.</p>` }] },
  });
  expect(made.status()).toBe(201);
  const created = (await made.json()) as CmsPage;
  expect((await page.request.post(`${url}/api/cms/pages/${created.id}/publish`)).status()).toBe(200);
  return created;
}

it("a header link and the privacy policy chosen as pages in the Site tab show on the home page, axe-clean", async () => {
  const url = site.server.url;
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  expect((await page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  await publishedPage(page, "Pricing", "/pricing");
  await publishedPage(page, "Privacy policy", "/legal/privacy");

  await page.goto(`${url}/admin`);
  await waitForHydration(page);
  await openScreen(page, M.tab);
  await page.getByRole("tab", { name: M.sections.links }).click();

  const header = page.getByRole("group", { name: "Header links" });
  await header.getByRole("button", { name: M.addItem }).click();
  const row = header.getByRole("listitem").last();
  await row.getByLabel("Label", { exact: true }).fill("Plans");
  await row.getByLabel(M.leadsTo).selectOption({ label: "Pricing" });
  // A page's link shows where the page is instead of an address field.
  await row.getByText(M.pageAt("/pricing")).waitFor();
  expect(await row.getByLabel(M.address).count()).toBe(0);
  await page.getByLabel(M.privacyPage).selectOption({ label: "Privacy policy" });
  expect(await violations(page)).toEqual([]);
  await shot(page, "site-links-pages-desktop");
  await page.setViewportSize(PHONE);
  await row.scrollIntoViewIfNeeded();
  expect(await violations(page)).toEqual([]);
  await shot(page, "site-links-pages-phone");
  await page.setViewportSize(DESKTOP);

  await page.getByRole("button", { name: M.publish }).click();
  await toastTitled(page, SITE_CONTENT_MESSAGES.published);
  // Chosen by title, kept by id.
  const saved = await (await page.request.get(`${url}/api/admin/site`)).json();
  const pages = (await (await page.request.get(`${url}/api/cms/pages`)).json()) as CmsPage[];
  const idOf = (title: string) => pages.find((p) => p.title === title)!.id;
  expect(saved.published.links.header.at(-1)).toEqual({ label: "Plans", href: "/pricing", page: idOf("Pricing") });
  expect(saved.published.links.privacyPolicyPage).toBe(idOf("Privacy policy"));
  expect(problems).toEqual([]);
  await close();

  for (const [name, size] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    const visitor = await openPage(site.browser, size);
    await visitor.page.goto(`${url}/`);
    await waitForHydration(visitor.page);
    if (size === PHONE) await visitor.page.getByLabel("Open menu").click();
    const menuLink = visitor.page.getByRole("banner").getByRole("link", { name: "Plans" }).first();
    expect(await menuLink.getAttribute("href")).toBe("/pricing");
    if (size === PHONE) await visitor.page.getByLabel("Close menu").click();
    const consent = visitor.page.locator("#contact form p", { hasText: PRIVACY_MESSAGES.consent });
    await consent.scrollIntoViewIfNeeded();
    expect(await consent.textContent()).toBe(`${PRIVACY_MESSAGES.consent} ${PRIVACY_MESSAGES.link}.`);
    expect(await consent.getByRole("link", { name: PRIVACY_MESSAGES.link }).getAttribute("href")).toBe(
      "/legal/privacy",
    );
    expect(await violations(visitor.page)).toEqual([]);
    if (SHOTS) await visitor.page.locator("#contact").screenshot({ path: `${SHOTS}/home-consent-${name}.png` });
    await consent.getByRole("link", { name: PRIVACY_MESSAGES.link }).click();
    await visitor.page.waitForURL(`${url}/legal/privacy`);
    await visitor.page.getByText("Privacy policy: what it says.").waitFor();
    expect(visitor.problems).toEqual([]);
    await visitor.close();
  }
});
