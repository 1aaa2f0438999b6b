import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import type { CmsPost } from "~/shared/blog";
import { VIDEOS_FOUND_NOTICE } from "~/shared/embeds";
import { DESKTOP, newLocalContext, waitForHydration } from "../helpers/browser";
import { openScreen } from "../helpers/admin-nav";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * Two things a user noticed: admin times in their own zone with the zone named, and the
 * "Embedded videos found" notice said once per post, not at every opening.
 */
const ADMIN = { username: "zone-admin", password: "a long enough secret" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
const ZONE = "Asia/Tokyo";

it("shows admin times in the browser's zone, named, and says Embedded videos found once per post", async () => {
  const context = await newLocalContext(site.browser, { viewport: DESKTOP, timezoneId: ZONE });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => void (msg.type() === "error" && /hydrat/i.test(msg.text()) && problems.push(msg.text())));
  const url = site.server.url;
  expect((await page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);

  // The Activity tab's times (the sign-in just made): rendered on the server in UTC, then in Tokyo's.
  await page.goto(`${url}/admin`);
  await waitForHydration(page);
  await openScreen(page, ACTIVITY_MESSAGES.tab);
  const table = page.getByRole("list", { name: ACTIVITY_MESSAGES.heading });
  await table.getByText(`(${ZONE})`).first().waitFor();
  expect(await table.innerText()).not.toContain(" UTC");

  // A post with a video: the notice the first time its editor opens it, not the next.
  const created = await page.request.post(`${url}/api/cms/simple-create-post`, {
    data: {
      title: "A post with a video",
      summary: "Watch the gates open.",
      content:
        '<p>Watch the gates open.</p><iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
      tags: [],
    },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as CmsPost;
  const openEditor = async () => {
    await page.goto(`${url}/admin/posts/${post.id}`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: ADMIN_MESSAGES.editHeading }).waitFor();
    await page.locator(".ql-editor iframe").waitFor({ state: "attached" });
  };
  await openEditor();
  await toastTitled(page, VIDEOS_FOUND_NOTICE.title);
  await expect
    .poll(async () => {
      const posts = (await (await page.request.get(`${url}/api/cms/posts`)).json()) as CmsPost[];
      return posts.find((p) => p.id === post.id)?.videosNoticed;
    })
    .toBe(true);
  await openEditor();
  // The editor said it as it loaded the content, before the video was in the page, if at all.
  expect(await page.getByText(VIDEOS_FOUND_NOTICE.title).count()).toBe(0);
  expect(problems).toEqual([]);
});
