import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMINS_ONLY } from "~/app/components/admin/admin-gate";
import {
  DELETE_BY_ID_MESSAGES,
  DIRECT_CREATE_MESSAGES,
  HTML_GENERATOR_MESSAGES,
  POST_LIST_MESSAGES,
  PURGE_MESSAGES,
  TEST_REMOVAL_MESSAGES,
  TEST_UPDATE_MESSAGES,
  TOOL_PAGES,
} from "~/app/components/tools/tool-messages";
import { isTestPostTitle } from "~/shared/test-posts";
import type { CmsPost } from "~/shared/blog";
import { POST_MESSAGES } from "~/shared/schemas";
import { DESKTOP, PHONE, openPage, waitForHydration } from "../helpers/browser";
import { signedInPages, submitSignIn, toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

// The six bare utility pages, for admins only (docs/architecture.md section 5). The tests
// share one server and run in order; the purge goes last.
const ADMIN = { username: "tools-admin", password: "a long enough secret" };
const WRITER = { username: "tools-writer", password: "another long secret" };
const PAGES = {
  "/create-post-direct": TOOL_PAGES.createPostDirect,
  "/emergency-post": TOOL_PAGES.emergencyPost,
  "/delete-posts": TOOL_PAGES.deletePosts,
  "/delete-all-posts": TOOL_PAGES.deleteAllPosts,
  "/test-update": TOOL_PAGES.testUpdate,
  "/direct-delete": TOOL_PAGES.directDelete,
};
const LONG_CONTENT = "<p>Enough words here to pass the fifty character minimum of the content rule.</p>";

const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

/** A page whose context is signed in; one sign-in per user serves the whole file. */
const signedIn = signedInPages(site);

async function open(page: Page, path: string) {
  await page.goto(`${site.server.url}${path}`);
  await waitForHydration(page);
}

async function listPosts(page: Page): Promise<CmsPost[]> {
  const res = await page.request.get(`${site.server.url}/api/debug/list-posts`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { posts: CmsPost[] }).posts;
}

async function createPost(page: Page, title: string, published = true): Promise<CmsPost> {
  const res = await page.request.post(`${site.server.url}/api/cms/simple-create-post`, {
    data: { title, summary: "A summary that is long enough.", content: LONG_CONTENT, published },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

it("signed-out visitors get the sign-in form on every utility page, without the site header and footer", async () => {
  const { page, problems, close } = await openPage(site.browser, PHONE);
  for (const path of Object.keys(PAGES)) {
    await open(page, path);
    await page.getByRole("heading", { level: 1, name: "Sign in to continue" }).waitFor();
    expect(await page.getByRole("button", { name: "Login" }).isVisible()).toBe(true);
    expect(await page.getByRole("banner").count()).toBe(0);
    expect(await page.getByRole("contentinfo").count()).toBe(0);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
  }
  expect(problems).toEqual([]);
  await close();
});

it("signing in on a utility page opens the tool in place", async () => {
  const { page, close } = await openPage(site.browser, DESKTOP);
  await open(page, "/delete-posts");
  await submitSignIn(page, ADMIN);
  await page.getByRole("heading", { level: 1, name: TOOL_PAGES.deletePosts.title }).waitFor();
  await close();
});

it("a writer sees the admins-only message on every utility page", async () => {
  const admin = await signedIn(ADMIN);
  const made = await admin.page.request.post(`${site.server.url}/api/auth/register`, {
    data: { ...WRITER, role: "writer" },
  });
  expect(made.status()).toBe(201);
  await admin.close();

  const { page, problems, close } = await signedIn(WRITER);
  for (const path of Object.keys(PAGES)) {
    await open(page, path);
    await page.getByRole("heading", { level: 1, name: ADMINS_ONLY.title }).waitFor();
    expect(await page.getByText(ADMINS_ONLY.text).isVisible()).toBe(true);
  }
  expect(problems).toEqual([]);
  await close();
});

it("an admin sees each tool with one h1 and nothing wider than a phone or a desktop", async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const { page, problems, close } = await signedIn(ADMIN, viewport);
    for (const [path, { title }] of Object.entries(PAGES)) {
      await open(page, path);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    expect(problems).toEqual([]);
    await close();
  }
});

it("/delete-posts needs DELETE typed, then deletes and lists the id; a missing post is listed as failed", async () => {
  const M = DELETE_BY_ID_MESSAGES;
  const { page, problems, close } = await signedIn(ADMIN);
  const victim = await createPost(page, "A post to delete by id");
  await open(page, "/delete-posts");
  const list = page.getByRole("list", { name: POST_LIST_MESSAGES.heading });
  await list.getByText(victim.title).waitFor();
  expect(await list.getByText(`#${victim.id}`, { exact: true }).isVisible()).toBe(true);

  const submit = page.getByRole("button", { name: M.submit });
  expect(await submit.isDisabled()).toBe(true);
  await list.getByRole("button", { name: `${POST_LIST_MESSAGES.useId} #${victim.id} ${victim.title}` }).click();
  expect(await page.getByLabel(M.postId).inputValue()).toBe(String(victim.id));
  expect(await submit.isDisabled()).toBe(true);
  await page.getByLabel(M.confirm).fill("delete");
  expect(await submit.isDisabled()).toBe(true);
  await page.getByLabel(M.confirm).fill("DELETE");
  expect(await submit.isEnabled()).toBe(true);
  await submit.click();
  await toastTitled(page, M.deleted(victim.id).title);
  await page.getByText(`${M.deletedIds}:`).waitFor();
  await expect.poll(() => list.getByText(victim.title).count()).toBe(0);
  expect((await listPosts(page)).some((p) => p.id === victim.id)).toBe(false);
  // The word must be typed again for the next delete.
  expect(await page.getByLabel(M.confirm).inputValue()).toBe("");

  await page.getByLabel(M.postId).fill(String(victim.id));
  await page.getByLabel(M.confirm).fill("DELETE");
  await submit.click();
  await toastTitled(page, M.failed(404));
  expect(await page.getByText(`${M.failedIds}:`).locator("..").textContent()).toContain(String(victim.id));
  // The 404 of the second delete is the only failed request.
  expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
  await close();
});

it("/direct-delete removes the posts with test in the title and keeps the others", async () => {
  const { page, problems, close } = await signedIn(ADMIN);
  await createPost(page, "A test post");
  const before = await listPosts(page);
  await open(page, "/direct-delete");
  await page.getByRole("button", { name: TEST_REMOVAL_MESSAGES.button }).click();
  // It lists what it would remove and asks first.
  const dialog = page.getByRole("alertdialog");
  await dialog.waitFor();
  expect(await dialog.getByRole("listitem").allTextContents()).toEqual(["A test post"]);
  // A matching post created while the dialog is open was not shown, so it must not go.
  const unseen = await createPost(page, "Contest winners announced");
  await dialog.getByRole("button", { name: TEST_REMOVAL_MESSAGES.confirmAction }).click();
  const alert = page.getByRole("status").filter({ hasText: TEST_REMOVAL_MESSAGES.succeeded });
  await alert.waitFor();
  expect(await alert.getByRole("listitem").allTextContents()).toEqual(["A test post"]);
  const after = await listPosts(page);
  const kept = before.filter((p) => !isTestPostTitle(p.title)).map((p) => p.id);
  expect(after.map((p) => p.id).sort()).toEqual([...kept, unseen.id].sort());
  expect(problems).toEqual([]);
  await close();
});

it("/emergency-post wraps a pasted iframe, generates a standalone page, copies it and sends nothing", async () => {
  const M = HTML_GENERATOR_MESSAGES;
  const { page, problems, close } = await signedIn(ADMIN);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.server.url });
  await open(page, "/emergency-post");
  const sent: string[] = [];
  // Scripts aside: the toast code loads with the first toast (docs/decisions/002-small-public-javascript.md).
  // So is React Router's route discovery, which asks which routes a link leads to and carries nothing of the form.
  const carriesNothing = (url: string) => new URL(url).pathname === "/__manifest";
  page.on("request", (r) => {
    if (r.resourceType() !== "script" && !carriesNothing(r.url())) sent.push(`${r.method()} ${r.url()}`);
  });

  await page.getByRole("button", { name: M.generate }).click();
  await toastTitled(page, M.required);

  await page.getByLabel(M.title).fill("Queues & <Lines>");
  await page.getByLabel(M.summary).fill("We are back shortly.");
  const content = page.getByLabel(M.content);
  await content.fill("<p>Intro</p>");
  await content.press("End");
  await content.evaluate((box) => {
    const data = new DataTransfer();
    data.setData("text/plain", '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>');
    box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  expect(await content.inputValue()).toBe(
    '<p>Intro</p><div class="video-container"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>',
  );

  await page.getByRole("button", { name: M.generate }).click();
  const output = page.getByLabel(M.output);
  const html = await output.inputValue();
  expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
  expect(html).toContain("<title>Queues &amp; &lt;Lines&gt;</title>");
  expect(html).toContain('<meta name="description" content="We are back shortly.">');
  expect(html).toContain('<div class="video-container"><iframe');
  expect(await output.getAttribute("readonly")).not.toBeNull();

  await page.getByRole("button", { name: M.copy }).click();
  await toastTitled(page, M.copied.title);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);
  expect(sent).toEqual([]);
  expect(problems).toEqual([]);
  await close();
});

it("/create-post-direct asks for the required fields, then publishes a post that is on /blog", async () => {
  const M = DIRECT_CREATE_MESSAGES;
  const { page, problems, close } = await signedIn(ADMIN);
  await open(page, "/create-post-direct");
  await page.getByRole("button", { name: M.publish }).click();
  await toastTitled(page, M.missing.title);

  await page.getByLabel(M.title).fill("Straight from the direct page");
  await page.getByLabel(M.summary).fill("Published without the CMS screen.");
  await page.locator(".ql-editor").click();
  await page.keyboard.type("This post went out through the direct creation page, with enough words to pass.");
  await page.getByRole("button", { name: M.publish }).click();
  const result = page.getByRole("status").filter({ hasText: M.resultHeading });
  await result.waitFor();
  const post = JSON.parse((await result.locator("pre").textContent())!) as CmsPost;
  expect(post).toMatchObject({
    title: "Straight from the direct page",
    slug: "straight-from-the-direct-page",
    published: true,
  });
  // The form starts over after a publish: pressing Publish again cannot send the same post (a 409).
  expect(await page.getByLabel(M.title).inputValue()).toBe("");
  expect(await page.getByLabel(M.summary).inputValue()).toBe("");
  await expect.poll(() => page.locator(".ql-editor").innerText()).toMatch(/^\s*$/);
  await page.getByRole("button", { name: M.publish }).click();
  expect(await page.getByRole("alert").filter({ hasText: M.failed }).count()).toBe(0);

  await page.goto(`${site.server.url}/blog`);
  await page.getByRole("link", { name: "Straight from the direct page" }).first().waitFor();
  expect(problems).toEqual([]);
  await close();
});

it("/test-update validates, updates a draft's title, keeps it a draft and logs every step", async () => {
  const M = TEST_UPDATE_MESSAGES;
  const { page, problems, close } = await signedIn(ADMIN);
  const draft = await createPost(page, "A draft for the update tool", false);
  await open(page, "/test-update");
  await page.getByRole("button", { name: `${POST_LIST_MESSAGES.select} #${draft.id} ${draft.title}` }).click();
  await page.getByRole("heading", { name: M.formHeading(draft.id) }).waitFor();
  expect(await page.getByLabel(M.slug).inputValue()).toBe(draft.slug);

  await page.getByLabel(M.title).fill("Hey");
  await page.getByRole("button", { name: M.submit }).click();
  await page.getByText(POST_MESSAGES.title).first().waitFor();

  await page.getByLabel(M.title).fill("A draft renamed by the update tool");
  await page.getByRole("button", { name: M.submit }).click();
  await toastTitled(page, M.updated.title);
  const log = page.getByRole("log");
  await log.getByText(M.log.succeeded).waitFor();
  const lines = await log.locator("p").allTextContents();
  for (const line of lines) expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] /);
  const steps = lines.map((line) => line.slice(15));
  expect(steps.slice(0, 3)).toEqual([
    M.log.selected(draft.id, draft.title),
    M.log.validating,
    M.log.invalid(`title: ${POST_MESSAGES.title}`),
  ]);
  expect(steps.slice(3, 7)).toEqual([M.log.validating, M.log.valid, M.log.sending(draft.id, false), M.log.succeeded]);
  expect(steps[7]).toContain("A draft renamed by the update tool");

  const stored = (await listPosts(page)).find((p) => p.id === draft.id)!;
  expect(stored).toMatchObject({ title: "A draft renamed by the update tool", published: false });

  await page.getByRole("button", { name: M.clearLogs }).click();
  await log.getByText(M.logEmpty).waitFor();
  expect(problems).toEqual([]);
  await close();
});

it("/delete-all-posts purges after both dialogs, then finds nothing left", async () => {
  const M = PURGE_MESSAGES;
  const { page, problems, close } = await signedIn(ADMIN);
  expect((await listPosts(page)).length).toBeGreaterThan(0);
  await open(page, "/delete-all-posts");

  const purgeThroughDialogs = async () => {
    await page.getByRole("button", { name: M.button }).click();
    const first = page.getByRole("alertdialog", { name: M.first.title });
    await first.getByRole("button", { name: M.first.action }).click();
    const second = page.getByRole("alertdialog", { name: M.second.title });
    expect(await second.getByText(M.second.description).isVisible()).toBe(true);
    await second.getByRole("button", { name: M.second.action }).click();
  };

  // Cancelling the second dialog changes nothing.
  await page.getByRole("button", { name: M.button }).click();
  await page.getByRole("alertdialog", { name: M.first.title }).getByRole("button", { name: M.first.action }).click();
  await page.getByRole("alertdialog", { name: M.second.title }).getByRole("button", { name: "Cancel" }).click();
  expect((await listPosts(page)).length).toBeGreaterThan(0);

  await purgeThroughDialogs();
  await toastTitled(page, M.complete.title);
  await page.getByRole("status").getByText(M.allDeleted).waitFor();
  expect(await listPosts(page)).toEqual([]);

  await purgeThroughDialogs();
  await toastTitled(page, M.empty.title);
  expect(problems).toEqual([]);
  await close();
});
