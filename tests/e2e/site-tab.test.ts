import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { SITE_TAB_MESSAGES as M } from "~/app/components/admin/site/site-messages";
import { PREVIEW_MESSAGES } from "~/shared/preview";
import { SITE_CONTENT_MESSAGES } from "~/shared/site-content";
import { violations } from "../helpers/axe";
import { DESKTOP, openPage, waitForHydration } from "../helpers/browser";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

/** The admin's Site tab (docs/cms-guide.md, The Site tab): what needs a real browser. */
const ADMIN = { username: "site-admin", password: "a long enough secret" };
const SHOTS = process.env.SCREENSHOT_DIR;
const PHONE_PREVIEW = { width: 390, height: 844 };

const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

async function shot(page: Page, name: string, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

const industryNames = (page: Page) =>
  page.locator("ol > li[draggable] span.flex-1").evaluateAll((spans) => spans.map((s) => s.firstChild?.textContent));

it("edits, reorders by keyboard and by drag, adds an industry, previews the draft and publishes it", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  expect((await page.request.post(`${site.server.url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await openScreen(page, M.tab);

  // The home page is a page of blocks: its part leads to the block editor.
  const editHome = page.getByRole("link", { name: M.editHome });
  const homeAddress = (await editHome.getAttribute("href")) ?? "";
  expect(homeAddress).toMatch(/^\/admin\/pages\/\d+$/);
  expect(await violations(page)).toEqual([]);
  await shot(page, "site-tab-home");

  // Industries: Healthcare up by keyboard, then Airports dragged onto the first place.
  await page.getByRole("tab", { name: M.sections.industries }).click();
  await page.getByRole("button", { name: M.moveUp("Healthcare") }).focus();
  await page.keyboard.press("Enter");
  expect((await industryNames(page)).slice(0, 2)).toEqual(["Healthcare", "Hospitality"]);
  const rows = page.locator("ol > li[draggable]");
  await rows.nth(2).dragTo(rows.nth(0));
  expect((await industryNames(page)).slice(0, 3)).toEqual(["Airports & Transportation", "Healthcare", "Hospitality"]);

  // A new industry, its picture and scene chosen from pictures.
  await page.getByRole("button", { name: M.addIndustry }).click();
  await page.getByLabel("Title", { exact: true }).fill("Restaurants");
  await page.getByLabel("Address (id)").fill("restaurants");
  await page.getByLabel("Card description").fill("Waitlists and pickup windows for busy dining rooms.");
  await page.getByLabel("Lead paragraph", { exact: true }).fill("Tables turn faster when guests wait where they like.");
  await page.getByLabel("Feature 1", { exact: true }).fill("Text-when-ready tables");
  await page.getByRole("radio", { name: "truck" }).check({ force: true });
  await page.getByRole("radio", { name: "Dock schedule" }).check({ force: true });
  expect(await violations(page)).toEqual([]);
  await shot(page, "site-tab-industries");

  await page.getByRole("tab", { name: M.sections.links }).click();
  await page.getByLabel("Copyright holder").fill("QueueWise Inc.");
  expect(await violations(page)).toEqual([]);
  await shot(page, "site-tab-links");

  await page.getByRole("button", { name: M.saveDraft }).click();
  await toastTitled(page, SITE_CONTENT_MESSAGES.saved);

  // The preview: the real page with the draft, in a frame, at desktop and phone width.
  await page.getByRole("tab", { name: M.sections.preview }).click();
  const frame = page.frameLocator("iframe");
  await frame.getByRole("heading", { level: 1, name: "Intelligent Queuing for the Modern World" }).waitFor();
  await frame.getByText("QueueWise Inc.", { exact: false }).first().waitFor();
  await frame.getByText(PREVIEW_MESSAGES.siteDraftBar).waitFor();
  await shot(page, "site-tab-preview-desktop");
  await page.getByRole("button", { name: M.phone }).click();
  await page.locator('iframe[width="390"]').waitFor();
  await page.frameLocator("iframe").getByText("QueueWise Inc.", { exact: false }).first().waitFor();
  await shot(page, "site-tab-preview-phone");

  // Visitors see none of it until it is published.
  const visitor = await openPage(site.browser, PHONE_PREVIEW);
  await visitor.page.goto(`${site.server.url}/industries`);
  expect(await visitor.page.content()).not.toContain("Restaurants");

  await page.getByRole("button", { name: M.publish }).click();
  await toastTitled(page, SITE_CONTENT_MESSAGES.published);
  await visitor.page.goto(`${site.server.url}/industries/restaurants`);
  await waitForHydration(visitor.page);
  await visitor.page.getByRole("heading", { level: 1, name: "Restaurants" }).waitFor();
  // The phone menu lists it too.
  await visitor.page.getByLabel("Open menu").click();
  await visitor.page.locator("#mobile-menu summary", { hasText: "Industries" }).click();
  await visitor.page.locator("#mobile-menu").getByRole("link", { name: "Restaurants" }).waitFor();
  await visitor.close();

  // The draft preview at the two sizes, as the page itself.
  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE_PREVIEW],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`${site.server.url}/?preview`);
    await waitForHydration(page);
    await shot(page, `preview-${name}`, false);
  }
  await page.setViewportSize(DESKTOP);

  // History: both publishes with who and when; the site as built, against the published site.
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await openScreen(page, M.tab);
  await page.getByRole("tab", { name: M.sections.history }).click();
  await page.getByRole("button", { name: M.showChanges }).last().click();
  await page.locator("ins", { hasText: "Restaurants" }).first().waitFor();
  expect(await violations(page)).toEqual([]);
  await shot(page, "site-tab-history");

  // The Home part's link opens the home page in the block editor.
  await page.getByRole("tab", { name: M.sections.home }).click();
  await page.getByRole("link", { name: M.editHome }).click();
  await page.waitForURL(`${site.server.url}${homeAddress}`);
  expect(problems).toEqual([]);
  await close();
});
