import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, expect, it } from "vitest";
import { folderAnalytics } from "~/server/analytics/analytics-storage";
import type { CountRow, Dimension } from "~/server/analytics/tally";
import { ANALYTICS_MESSAGES, dayOf, daysBefore, type AnalyticsReport } from "~/shared/analytics";
import { VISIT_FIELDS } from "~/shared/contact-visit";
import { violations } from "../helpers/axe";
import { DESKTOP, openPage, waitForHydration } from "../helpers/browser";
import { makePostInput, seededRandom } from "../helpers/factories";
import { useSiteAndBrowser } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

/** The Analytics tab on a month of generated counts, at desktop and phone sizes (docs/cms-guide.md). */
const ADMIN = { username: "analytics-admin", password: "a long enough secret" };
const PHONE_390 = { width: 390, height: 844 };
const SHOTS = process.env.SCREENSHOT_DIR;
/** Published once the site runs, with the counts of their pages written before. */
const POSTS = ["shorter-queues-at-the-clinic", "a-stadium-on-match-day", "retail-peaks-without-lines"];

/** 30 days of counts for the sample site's pages, posts, referrers, campaigns and devices. */
function aMonth(): CountRow[] {
  const random = seededRandom(25);
  const n = (max: number) => Math.floor(random() * max);
  const posts = POSTS.map((slug) => `/blog/${slug}`);
  const values: [Dimension, string[]][] = [
    ["page", ["/", "/industries", "/industries/retail", "/industries/healthcare", "/blog", ...posts]],
    ["referrer", ["", "www.google.com", "news.example.com", "www.linkedin.com"]],
    ["campaign", ["utm_source=newsletter&utm_medium=email", "utm_source=linkedin&utm_campaign=spring"]],
    ["device", ["desktop", "phone", "tablet"]],
  ];
  const rows: CountRow[] = [];
  for (let i = 0; i < 30; i++) {
    const day = daysBefore(dayOf(Date.now()), i);
    const visitors = 40 + n(60);
    rows.push({ day, dimension: "total", key: "", views: visitors * 3, visitors, entries: visitors, leads: n(4) });
    for (const [dimension, keys] of values) {
      for (const key of keys) {
        const v = 1 + n(visitors / 3);
        rows.push({ day, dimension, key, views: v * 2, visitors: v, entries: n(v), leads: n(2) });
      }
    }
  }
  return rows;
}

let dataDir: string;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const site = useSiteAndBrowser(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "analytics-e2e-"));
  await folderAnalytics(dataDir).add(aMonth());
  return { dataDir, env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } };
});

async function analyticsTab(page: Page) {
  await openScreen(page, ANALYTICS_MESSAGES.tab);
  await page.getByRole("heading", { name: "Top posts" }).waitFor();
}

it("shows a month of counts as a chart and tables, clean for axe on a desktop and a phone", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  expect((await page.request.post(`${site.server.url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  for (const slug of POSTS) {
    const title = slug.replaceAll("-", " ").replace(/^./, (c) => c.toUpperCase());
    const created = await page.request.post(`${site.server.url}/api/cms/simple-create-post`, {
      data: makePostInput({ slug, title, published: true }),
      headers: { Origin: site.server.url },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await analyticsTab(page);
  const first = daysBefore(dayOf(Date.now()), 29);
  await page.getByRole("img", { name: ANALYTICS_MESSAGES.chartLabel(first, dayOf(Date.now())) }).waitFor();
  expect(await page.getByRole("region", { name: "Top posts" }).getByRole("row").count()).toBeGreaterThan(1);
  expect(await violations(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-desktop.png`, fullPage: true });

  await page.getByRole("button", { name: "7 days" }).click();
  await page
    .getByRole("img", { name: ANALYTICS_MESSAGES.chartLabel(daysBefore(dayOf(Date.now()), 6), dayOf(Date.now())) })
    .waitFor();

  await page.setViewportSize(PHONE_390);
  await page.getByRole("button", { name: "30 days" }).click();
  await page.getByRole("img", { name: ANALYTICS_MESSAGES.chartLabel(first, dayOf(Date.now())) }).waitFor();
  expect(await violations(page)).toEqual([]);
  // Nothing is wider than the phone: each table scrolls inside its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_390.width);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-phone.png`, fullPage: true });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-phone-top.png` });
  if (SHOTS)
    await page.getByRole("region", { name: "Top pages" }).screenshot({ path: `${SHOTS}/analytics-phone-table.png` });
  expect(problems).toEqual([]);
  await close();
});

it("a reader's contact form carries the visit's page and referrer, and its message is a lead of the campaign", async () => {
  const reader = await openPage(site.browser, DESKTOP);
  const landing = "/industries/retail?utm_source=newsletter";
  await reader.page.goto(`${site.server.url}${landing}`, { referer: "https://letters.example.org/issue-12" });
  await waitForHydration(reader.page);
  const form = reader.page.getByRole("form", { name: "Contact form" });
  await expect.poll(() => form.locator(`input[name="${VISIT_FIELDS.page}"]`).inputValue()).toBe(landing);
  expect(await form.locator(`input[name="${VISIT_FIELDS.referrer}"]`).inputValue()).toBe(
    "https://letters.example.org/issue-12",
  );
  await form.getByLabel("Name").fill("Grace Hopper");
  await form.getByLabel("Email").fill("grace@example.com");
  await form.getByLabel("Message").fill("Our stores need a smarter queue.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await form.getByRole("status").waitFor();
  expect(reader.problems).toEqual([]);

  // The reader's context signs in as the admin only now, to read the report.
  const { request } = reader.page;
  expect((await request.post(`${site.server.url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  const report = (await (await request.get(`${site.server.url}/api/admin/analytics`)).json()) as AnalyticsReport;
  expect(report.tables.campaigns.find((c) => c.key === "utm_source=newsletter")).toMatchObject({ leads: 1 });
  expect(report.tables.referrers.find((c) => c.key === "letters.example.org")).toMatchObject({ leads: 1 });
  await reader.close();
});
