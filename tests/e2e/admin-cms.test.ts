import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { LEAVE_MESSAGES } from "~/app/components/admin/use-leave-guard";
import { PUBLISH_MESSAGES } from "~/app/components/admin/publish-controls";
import { YOUTUBE_URL_NOTICE } from "~/shared/embeds";
import { DESKTOP, openPage, waitForHydration } from "../helpers/browser";
import { signedInPages, signInAt, toastTitled, useSiteWithCliAdmin } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

const ADMIN = { username: "editor-in-chief", password: "a long enough secret" };
const VIDEO_ID = "dQw4w9WgXcQ";

// The first admin comes from the CLI, before the server holds the data folder.
const site = useSiteWithCliAdmin(ADMIN, "queuesite-cms-");

async function pasteText(page: Page, text: string) {
  await page.locator(".ql-editor").click();
  await page.keyboard.press("End");
  await page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    document
      .querySelector(".ql-editor")!
      .dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function publicVideoSrc(page: Page, slug: string) {
  await page.goto(`${site.server.url}/blog/${slug}`);
  return page.locator(".post-content iframe").getAttribute("src");
}

it("an admin made with the CLI writes, edits, unpublishes and deletes a post with a video", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  await signInAt(page, `${site.server.url}/admin`, ADMIN, ADMIN_MESSAGES.loginSuccess.title);
  await page.getByText(ADMIN_MESSAGES.loggedInAs(ADMIN.username)).waitFor();
  expect(await page.getByText("Admin", { exact: true }).isVisible()).toBe(true);

  // Create a post whose content has a pasted YouTube watch URL.
  await openScreen(page, "New Post");
  await page.getByRole("heading", { name: ADMIN_MESSAGES.createHeading }).waitFor();
  await page.getByLabel("Title").fill("Queues at the Science Museum");
  expect(await page.getByLabel("Slug").inputValue()).toBe("queues-at-the-science-museum");
  await page.getByLabel("Summary").fill("How a museum replaced its entrance line with a virtual queue.");
  await page.locator(".ql-editor").click();
  await page.keyboard.type(
    "Visitors used to wait an hour in the rain. Now they explore the gardens until we text them.",
  );
  await pasteText(page, `https://www.youtube.com/watch?v=${VIDEO_ID}`);
  await toastTitled(page, YOUTUBE_URL_NOTICE.title);
  expect(await page.locator(".ql-editor iframe").count()).toBe(1);
  await page.getByRole("combobox", { name: /^Tags/ }).fill("Museums, Product");
  await page.getByRole("button", { name: PUBLISH_MESSAGES.publish }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: PUBLISH_MESSAGES.publish }).click();
  await toastTitled(page, ADMIN_MESSAGES.created.title);
  await page.getByRole("heading", { name: ADMIN_MESSAGES.postsCardTitle }).waitFor();
  await page.getByRole("list", { name: "Posts" }).getByText("Queues at the Science Museum").waitFor();

  // It is on the blog, with the video.
  await page.goto(`${site.server.url}/blog`);
  await page.getByRole("link", { name: "Queues at the Science Museum" }).waitFor();
  expect(await publicVideoSrc(page, "queues-at-the-science-museum")).toContain(`/embed/${VIDEO_ID}`);

  // Edit the title: the video is still there.
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Edit Queues at the Science Museum" }).click();
  await page.getByRole("heading", { name: ADMIN_MESSAGES.editHeading }).waitFor();
  await page.locator(".ql-editor iframe").waitFor({ state: "attached" });
  await page.getByLabel("Title").fill("Queues at the Science Museum, one year on");
  await page.getByRole("button", { name: "Update Post" }).click();
  await toastTitled(page, ADMIN_MESSAGES.updated.title);
  await page.getByRole("list", { name: "Posts" }).getByText("Queues at the Science Museum, one year on").waitFor();
  expect(await publicVideoSrc(page, "queues-at-the-science-museum")).toContain(`/embed/${VIDEO_ID}`);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Queues at the Science Museum, one year on");

  // Switch it to a draft: it leaves the blog.
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Edit Queues at the Science Museum, one year on" }).click();
  // The editor is open once its content is in: a click before that reaches a form still loading.
  await page.locator(".ql-editor iframe").waitFor({ state: "attached" });
  await page.getByRole("button", { name: PUBLISH_MESSAGES.unpublish }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: PUBLISH_MESSAGES.unpublish }).click();
  await toastTitled(page, PUBLISH_MESSAGES.unpublished.title);
  const row = page.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: "one year on" });
  await row.getByText("Draft", { exact: true }).waitFor();
  await page.goto(`${site.server.url}/blog`);
  expect(await page.getByRole("link", { name: /Science Museum/ }).count()).toBe(0);
  expect((await page.goto(`${site.server.url}/blog/queues-at-the-science-museum`))?.status()).toBe(404);

  // Delete it, after confirming.
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: ADMIN_MESSAGES.deleteConfirm.action }).click();
  await toastTitled(page, ADMIN_MESSAGES.deleted.title);
  await expect.poll(() => row.count()).toBe(0);

  // Sign out.
  await page.getByRole("button", { name: "Logout" }).click();
  await toastTitled(page, ADMIN_MESSAGES.loggedOut.title);
  await page.getByRole("button", { name: "Login" }).waitFor();
  await page.reload();
  await page.getByRole("button", { name: "Login" }).waitFor();
  // The only failed load is the unpublished post's page, asked for on purpose above.
  expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
  await close();
});

it("a wrong password shows the Login failed toast with the server's words", async () => {
  const { page, close } = await openPage(site.browser, DESKTOP);
  await signInAt(
    page,
    `${site.server.url}/admin`,
    { ...ADMIN, password: "not the password" },
    ADMIN_MESSAGES.loginFailed.title,
  );
  await page.getByText("Invalid username or password").first().waitFor();
  expect(await page.getByRole("button", { name: "Login" }).isVisible()).toBe(true);
  await close();
});

it("the post form shows the product's messages and the Form has errors toast", async () => {
  // Signed in already: the sign-in form is the first test's, and a sign-in costs a second of scrypt.
  const { page, close } = await signedInPages(site)(ADMIN);
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await openScreen(page, "New Post");
  await page.getByLabel("Title").fill("Hey");
  await page.getByRole("button", { name: PUBLISH_MESSAGES.saveDraft }).click();
  await toastTitled(page, ADMIN_MESSAGES.formErrors.title);
  for (const message of [
    "Title must be at least 5 characters",
    "Summary must be at least 10 characters",
    "Content must be at least 50 characters",
  ]) {
    await page.getByText(message).waitFor();
  }
  // The title was typed, so Cancel asks before discarding it (docs/decisions/021-no-lost-work.md).
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: LEAVE_MESSAGES.confirm }).click();
  await page.getByRole("heading", { name: ADMIN_MESSAGES.postsCardTitle }).waitFor();
  await close();
});
