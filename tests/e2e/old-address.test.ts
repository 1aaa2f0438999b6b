import { expect, it } from "vitest";
import { ADDRESS_TAKE_OVER_MESSAGES } from "~/app/components/admin/address-take-over";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { PUBLISH_MESSAGES } from "~/app/components/admin/publish-controls";
import type { CmsPost } from "~/shared/blog";
import { REVISION_MESSAGES } from "~/shared/revisions";
import { DESKTOP, openPage, waitForHydration } from "../helpers/browser";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

/** Another post's old address, taken over from the post form (docs/cms-guide.md, Old addresses). */
const ADMIN = { username: "address-admin", password: "a long enough secret" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

it("refuses a draft another post's old address until the writer ticks Take over this address", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  const url = site.server.url;
  expect((await page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  const created = await page.request.post(`${url}/api/cms/simple-create-post`, {
    data: {
      title: "Where the queue used to be",
      slug: "queue-old-home",
      summary: "A post that moved to a new address.",
      content: "<p>Visitors wait where they like and arrive just in time for their turn at the desk.</p>",
      published: true,
    },
  });
  const post = (await created.json()) as CmsPost;
  expect(
    (await page.request.put(`${url}/api/cms/update-post/${post.id}`, { data: { slug: "queue-new-home" } })).status(),
  ).toBe(200);

  await page.goto(`${url}/admin`);
  await waitForHydration(page);
  await openScreen(page, "New Post");
  await page.getByRole("heading", { name: ADMIN_MESSAGES.createHeading }).waitFor();
  await page.getByLabel("Title").fill("A new post at the old address");
  await page.getByLabel("Slug").fill("queue-old-home");
  await page.getByLabel("Summary").fill("It asks for the address the other post left.");
  await page.locator(".ql-editor").click();
  await page.keyboard.type("The desk moved, and this post explains where the new one stands and why.");
  const checkbox = page.getByRole("checkbox", { name: ADDRESS_TAKE_OVER_MESSAGES.label });
  expect(await checkbox.count()).toBe(0);

  await page.getByRole("button", { name: PUBLISH_MESSAGES.saveDraft }).click();
  await page.getByText(REVISION_MESSAGES.slugRedirected("queue-old-home")).waitFor();
  await checkbox.check();
  await page.getByRole("button", { name: PUBLISH_MESSAGES.saveDraft }).click();
  await toastTitled(page, ADMIN_MESSAGES.created.title);
  const redirects = await page.request.get(`${url}/api/cms/posts/${post.id}/redirects`);
  expect(await redirects.json()).toEqual({ from: [] });
  // The refused save's 409 is the browser's own line about a failed request, and the only one.
  expect(problems.filter((p) => !p.includes("status of 409"))).toEqual([]);
  await close();
});
