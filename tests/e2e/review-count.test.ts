import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { SCHEDULE_MESSAGES } from "~/shared/post-schedule";
import { REVIEW_MESSAGES } from "~/shared/review";
import type { CmsPost } from "~/shared/blog";
import { DESKTOP, waitForHydration } from "../helpers/browser";
import { openScreen, publishInEditor, screenLink } from "../helpers/admin-nav";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * The navigation's Review count follows what an editor does to the queue, without a reload: a
 * scheduled post and a published one leave it (docs/decisions/201-scheduled-posts-leave-the-review-queue.md).
 */
const ADMIN = { username: "count-admin", password: "a long enough secret" };
const CONTRIBUTOR = { username: "count-contributor", password: "another long secret" };
const ZONE = "Europe/Berlin";
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

it("the Review count goes down as the editor schedules one submitted post and publishes another", async () => {
  const url = site.server.url;
  const admin = await site.browser.newContext({ viewport: DESKTOP, timezoneId: ZONE });
  const page = await admin.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  expect((await page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  const made = await page.request.post(`${url}/api/admin/users`, { data: { ...CONTRIBUTOR, role: "contributor" } });
  expect(made.status()).toBe(201);

  const contributor = await site.browser.newContext();
  expect((await contributor.request.post(`${url}/api/auth/login`, { data: CONTRIBUTOR })).status()).toBe(200);
  const titles = ["Queues at the river gate", "Queues at the north gate"];
  for (const title of titles) {
    const created = await contributor.request.post(`${url}/api/cms/simple-create-post`, {
      data: {
        title,
        summary: "A post waiting for an editor.",
        content: `<p>${title}, in a paragraph long enough to be a post.</p>`,
        tags: [],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as CmsPost;
    expect((await contributor.request.post(`${url}/api/cms/posts/${id}/submit`)).status()).toBe(200);
  }

  await page.goto(`${url}/admin`);
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
  await screenLink(page, REVIEW_MESSAGES.tabWithCount(2)).waitFor({ state: "attached" });

  // Scheduled: out of the queue, and out of the count once back on Posts.
  await openScreen(page, REVIEW_MESSAGES.tabWithCount(2));
  await page.getByRole("link", { name: `${REVIEW_MESSAGES.open} ${titles[0]}` }).click();
  await page.getByRole("heading", { name: ADMIN_MESSAGES.editHeading }).waitFor();
  await page.getByLabel(SCHEDULE_MESSAGES.label(ZONE)).fill("2030-06-01T09:30");
  await page.getByRole("button", { name: SCHEDULE_MESSAGES.schedule, exact: true }).click();
  await page
    .getByRole("alertdialog", { name: SCHEDULE_MESSAGES.scheduleTitle })
    .getByRole("button", { name: SCHEDULE_MESSAGES.schedule })
    .click();
  await toastTitled(page, SCHEDULE_MESSAGES.scheduledToast.title);
  await screenLink(page, REVIEW_MESSAGES.tabWithCount(1)).waitFor({ state: "attached" });

  // Published: the queue is empty, and the entry says only Review.
  await openScreen(page, REVIEW_MESSAGES.tabWithCount(1));
  await page.getByRole("link", { name: `${REVIEW_MESSAGES.open} ${titles[1]}` }).click();
  await page.getByRole("heading", { name: ADMIN_MESSAGES.editHeading }).waitFor();
  await publishInEditor(page);
  await screenLink(page, REVIEW_MESSAGES.tab).waitFor({ state: "attached" });

  expect(await page.evaluate(() => "loadedOnce" in window)).toBe(true);
  expect(problems).toEqual([]);
});
