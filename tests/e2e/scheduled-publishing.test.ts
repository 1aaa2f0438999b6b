import type { Locator, Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import type { CmsPost } from "~/shared/blog";
import { SCHEDULE_MESSAGES as M } from "~/shared/post-schedule";
import { formatDate } from "~/shared/dates";
import { PUBLISH_MESSAGES } from "~/app/components/admin/publish-controls";
import { DESKTOP, PHONE, waitForHydration } from "../helpers/browser";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";
import { publishInEditor } from "../helpers/admin-nav";

/**
 * The editor's schedule control (docs/decisions/120-scheduled-publishing-exactly-once.md): a time
 * picked in the admin's zone, named, stored as UTC; Scheduled on the Posts tab; Unschedule.
 */
const ADMIN = { username: "schedule-admin", password: "a long enough secret" };
const ZONE = "Europe/Berlin";
const SHOTS = process.env.SCHEDULE_SHOTS;
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

/** With SCHEDULE_SHOTS set, `target` at desktop and phone size into that folder. */
async function shot(page: Page, name: string, target: Locator) {
  if (!SHOTS) return;
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

it("schedules a draft at a time in the admin's zone, lists it as Scheduled, and unschedules it", async () => {
  const context = await site.browser.newContext({ viewport: DESKTOP, timezoneId: ZONE });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => void (msg.type() === "error" && problems.push(msg.text())));
  expect((await page.request.post(`${site.server.url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  const created = await page.request.post(`${site.server.url}/api/cms/simple-create-post`, {
    data: {
      title: "Queues after the holidays",
      summary: "What changes in January, and what stays the same.",
      content: "<p>The first week of January brings the longest lines of the whole year to most counters.</p>",
    },
  });
  const draft = (await created.json()) as CmsPost;
  const stored = async () =>
    ((await (await page.request.get(`${site.server.url}/api/cms/posts`)).json()) as CmsPost[]).find(
      (p) => p.id === draft.id,
    )!;

  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await page.getByRole("link", { name: `Edit ${draft.title}` }).click();
  await page.getByRole("heading", { name: ADMIN_MESSAGES.editHeading }).waitFor();
  // 09:30 in Berlin on a summer day is 07:30 UTC.
  await page.getByLabel(M.label(ZONE)).fill("2030-06-01T09:30");
  const control = page.getByRole("region", { name: M.schedule });
  await shot(page, "schedule-control", control);
  await page.getByRole("button", { name: M.schedule, exact: true }).click();
  const question = page.getByRole("alertdialog", { name: M.scheduleTitle });
  expect(await question.textContent()).toContain(`Jun 01, 2030, 09:30 (${ZONE})`);
  await question.getByRole("button", { name: M.schedule }).click();
  await toastTitled(page, M.scheduledToast.title);
  expect(await stored()).toMatchObject({ status: "scheduled", publishAt: "2030-06-01T07:30:00.000Z" });

  const row = page.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: draft.title });
  await row.getByText(M.scheduled, { exact: true }).waitFor();
  await row.getByText(M.scheduledFor(`Jun 01, 2030, 09:30 (${ZONE})`)).waitFor();
  await shot(page, "posts-list", row);

  await page.getByRole("link", { name: `Edit ${draft.title}` }).click();
  await page
    .getByRole("status")
    .filter({ hasText: M.scheduledFor(`Jun 01, 2030, 09:30 (${ZONE})`) })
    .waitFor();
  await shot(page, "scheduled-post", control);
  await page.getByRole("button", { name: M.unschedule }).click();
  await toastTitled(page, M.unscheduledToast.title);
  expect((await stored()).status).toBe("draft");
  expect(problems).toEqual([]);
  await context.close();
});

it("republishes a post with its first date, or dated anew when Publish as new is ticked", async () => {
  const context = await site.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => void (msg.type() === "error" && problems.push(msg.text())));
  expect((await page.request.post(`${site.server.url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  const api = `${site.server.url}/api/cms`;
  const created = await page.request.post(`${api}/simple-create-post`, {
    data: {
      title: "Queues taken down for a typo",
      summary: "Published, unpublished, published again.",
      content: "<p>A post that went out, came back for a fix, and went out again the same afternoon.</p>",
      published: true,
    },
  });
  const post = (await created.json()) as CmsPost;
  const first = post.publishedAt!;
  const unpublish = () => page.request.put(`${api}/update-post/${post.id}`, { data: { published: false } });
  const stored = async () =>
    ((await (await page.request.get(`${api}/posts`)).json()) as CmsPost[]).find((p) => p.id === post.id)!;
  const republish = async (asNew: boolean) => {
    await page.goto(`${site.server.url}/admin/posts/${post.id}`);
    await waitForHydration(page);
    const box = page.getByLabel(PUBLISH_MESSAGES.publishAsNew);
    await page.getByText(PUBLISH_MESSAGES.publishAsNewHint(formatDate(first, first))).waitFor();
    expect(await box.isChecked()).toBe(false);
    if (asNew) await box.check();
    await publishInEditor(page);
  };

  expect((await unpublish()).status()).toBe(200);
  await republish(false);
  expect(await stored()).toMatchObject({ published: true, publishedAt: first });
  // A public post has no such choice: the box is only there for a republish.
  await page.goto(`${site.server.url}/admin/posts/${post.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: PUBLISH_MESSAGES.unpublish }).waitFor();
  expect(await page.getByLabel(PUBLISH_MESSAGES.publishAsNew).count()).toBe(0);

  expect((await unpublish()).status()).toBe(200);
  await republish(true);
  const again = await stored();
  expect(again.published).toBe(true);
  expect(Date.parse(again.publishedAt!)).toBeGreaterThan(Date.parse(first));
  expect(problems).toEqual([]);
  await context.close();
});
