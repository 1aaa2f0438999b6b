import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, expect, it } from "vitest";
import { ANALYTICS_MESSAGES } from "~/shared/analytics";
import { INBOX_MESSAGES } from "~/shared/inbox";
import { DEFAULT_SITE_CONTENT } from "~/shared/site-defaults";
import { violations } from "../helpers/axe";
import { DESKTOP, openPage, waitForHydration } from "../helpers/browser";
import { makePostInput } from "../helpers/factories";
import { useSiteAndBrowser } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

/**
 * A reader lands on a post from a newsletter, follows the post's call to action to the home
 * page's contact form and writes: the Analytics tab credits the lead to the post, the landing
 * page and the campaign, and the inbox says where it came from
 * (docs/decisions/190-leads-credited-to-the-visit.md).
 */
const ADMIN = { username: "leads-admin", password: "a long enough secret" };
const PHONE_390 = { width: 390, height: 844 };
const SHOTS = process.env.SCREENSHOT_DIR;
const SLUG = "stadium-gate-queues";
const TITLE = "Stadium gate queues";
const LANDING = `/blog/${SLUG}`;
const CAMPAIGN_LABEL = "x / – / nov-newsletter";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

let dataDir: string;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const site = useSiteAndBrowser(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "leads-e2e-"));
  return Promise.resolve({ dataDir, env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
});

/** The leads column of a table's row (views, visitors, entries, leads, conversion). */
async function leadsOf(table: Locator, label: string): Promise<string | undefined> {
  const row = table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name: label, exact: true }) });
  return (await row.getByRole("cell").allInnerTexts())[3];
}

async function signIn(page: Page) {
  expect((await page.request.post(`${site.server.url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
}

it("a lead sent from /#contact after landing on a post with a campaign is credited to them in the Analytics tab and the inbox", async () => {
  const admin = await openPage(site.browser, DESKTOP);
  await signIn(admin.page);
  const created = await admin.page.request.post(`${site.server.url}/api/cms/simple-create-post`, {
    data: makePostInput({ slug: SLUG, title: TITLE, published: true }),
    headers: { Origin: site.server.url },
  });
  expect(created.status()).toBe(201);

  // The reader: no cookie of ours, only the day's salted key of their address and browser. A
  // headless browser's own user agent names it a bot, whose views are not counted.
  const reader = await openPage(site.browser, DESKTOP, { userAgent: BROWSER });
  await reader.page.goto(`${site.server.url}${LANDING}?utm_campaign=nov-newsletter&utm_source=x`);
  await waitForHydration(reader.page);
  const cta = DEFAULT_SITE_CONTENT.links.postCallToAction!;
  const callToAction = reader.page.getByRole("complementary", { name: cta.button });
  await callToAction.getByText(cta.text).waitFor();
  if (SHOTS) await callToAction.screenshot({ path: `${SHOTS}/leads-post-call-to-action.png` });
  await callToAction.getByRole("link", { name: cta.button }).click();
  await reader.page.waitForURL(`${site.server.url}/#contact`);
  const form = reader.page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill("Grace Hopper");
  await form.getByLabel("Email").fill("grace@example.com");
  await form.getByLabel("Message").fill("Our gates need a smarter queue.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await form.getByRole("status").waitFor();
  expect(await reader.page.context().cookies()).toEqual([]);
  expect(reader.problems).toEqual([]);
  await reader.close();

  const { page } = admin;
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await openScreen(page, ANALYTICS_MESSAGES.tab);
  const landing = page.getByRole("region", { name: "Leads by landing page" });
  await landing.getByRole("rowheader", { name: LANDING }).waitFor();
  expect(await leadsOf(landing, LANDING)).toBe("1");
  expect(await leadsOf(page.getByRole("region", { name: "Leads by post read" }), TITLE)).toBe("1");
  expect(await leadsOf(page.getByRole("region", { name: "Campaigns" }), CAMPAIGN_LABEL)).toBe("1");
  expect(await violations(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/leads-analytics-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE_390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_390.width);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/leads-analytics-phone.png`, fullPage: true });

  await page.setViewportSize(DESKTOP);
  await openScreen(page, /^Inbox/);
  const message = page.getByRole("listitem").filter({ hasText: "Grace Hopper" });
  await message.waitFor();
  const fact = (term: string) => message.locator(`xpath=.//dt[normalize-space()="${term}:"]/following-sibling::dd[1]`);
  expect(await fact(INBOX_MESSAGES.landingPage).innerText()).toBe(LANDING);
  expect(await fact(INBOX_MESSAGES.sentFrom).innerText()).toBe("/");
  expect(await fact(INBOX_MESSAGES.referrer).innerText()).toBe(INBOX_MESSAGES.direct);
  expect(await fact(INBOX_MESSAGES.campaign).innerText()).toBe(CAMPAIGN_LABEL);
  expect(await violations(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/leads-inbox-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE_390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_390.width);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/leads-inbox-phone.png`, fullPage: true });
  expect(admin.problems).toEqual([]);
  await admin.close();
});
