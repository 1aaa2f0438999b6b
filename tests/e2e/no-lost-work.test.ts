import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { FORM_NOTICE_MESSAGES } from "~/app/components/admin/form-notices";
import { CONFLICT_MESSAGES } from "~/app/components/admin/conflict-resolver";
import { PUBLISH_MESSAGES } from "~/app/components/admin/publish-controls";
import { localDraftKey } from "~/app/components/admin/local-draft";
import { LEAVE_MESSAGES } from "~/app/components/admin/use-leave-guard";
import type { CmsPost } from "~/shared/blog";
import { PREVIEW_MESSAGES } from "~/shared/preview";
import { DESKTOP, PHONE, openPage, waitForHydration } from "../helpers/browser";
import { signedInPages, toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

/** No lost work and draft preview (docs/decisions/020-draft-preview.md, 021-no-lost-work.md). */
const ADMIN = { username: "careful-editor", password: "a long enough secret" };
const LONG = "Enough words here to pass the fifty character minimum of the content rule.";
const SHOTS = process.env.SCREENSHOT_DIR;

const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

/** One sign-in serves the file; each page still starts in a context of its own, with no local copies. */
const signedIn = signedInPages(site);

async function signedInAdmin(viewport = DESKTOP) {
  const opened = await signedIn(ADMIN, viewport);
  await opened.page.goto(`${site.server.url}/admin`);
  await waitForHydration(opened.page);
  return opened;
}

async function createPost(page: Page, title: string, published: boolean): Promise<CmsPost> {
  const res = await page.request.post(`${site.server.url}/api/cms/simple-create-post`, {
    data: { title, summary: "A summary that is long enough.", content: `<p>${LONG}</p>`, published },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/** Opens a post from the list and waits for its form: the list's search field is labelled with "title" too. */
async function openEditor(page: Page, title: string): Promise<void> {
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByRole("heading", { name: ADMIN_MESSAGES.editHeading }).waitFor();
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const leaveDialog = (page: Page) => page.getByRole("alertdialog", { name: LEAVE_MESSAGES.title });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

it("a new post's unsaved edits survive closing the page and are offered back; saving clears the copy", async () => {
  const { page, problems, close } = await signedInAdmin();
  await openScreen(page, "New Post");
  await page.getByLabel("Title").fill("Queues that remember you");
  await page.getByLabel("Summary").fill("Written, then the tab closed by accident.");
  await page.locator(".ql-editor").click();
  await page.keyboard.type(LONG);
  // The copy is taken within a few seconds of typing.
  await expect.poll(() => stored(page, localDraftKey()), { timeout: 10_000 }).toContain("Queues that remember you");

  // Reloading asks first (beforeunload); the writer leaves anyway.
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  await waitForHydration(page);
  expect(dialogs).toEqual(["beforeunload"]);

  await openScreen(page, "New Post");
  await page.getByText(FORM_NOTICE_MESSAGES.restoreTitle).waitFor();
  await shot(page, "restore-offer-desktop");
  await page.getByRole("button", { name: FORM_NOTICE_MESSAGES.restore }).click();
  expect(await page.getByLabel("Title").inputValue()).toBe("Queues that remember you");
  expect(await page.getByLabel("Summary").inputValue()).toBe("Written, then the tab closed by accident.");
  await expect.poll(() => page.locator(".ql-editor").innerText()).toContain(LONG);
  expect(await page.getByLabel("Slug").inputValue()).toBe("queues-that-remember-you");

  await page.getByRole("button", { name: PUBLISH_MESSAGES.saveDraft }).click();
  await toastTitled(page, ADMIN_MESSAGES.createdDraft.title);
  await page.getByRole("list", { name: "Posts" }).getByText("Queues that remember you").waitFor();
  expect(await stored(page, localDraftKey())).toBeNull();

  // Nothing is offered next time.
  await openScreen(page, "New Post");
  await page.getByLabel("Title").waitFor();
  expect(await page.getByText(FORM_NOTICE_MESSAGES.restoreTitle).count()).toBe(0);
  expect(problems).toEqual([]);
  await close();
});

it("leaving a post with unsaved changes asks first: tab switch, Cancel and a link; discarding keeps the post", async () => {
  const { page, problems, close } = await signedInAdmin();
  const post = await createPost(page, "A post to leave alone", true);
  await page.reload();
  await waitForHydration(page);
  await openEditor(page, post.title);
  await page.getByLabel("Title").fill("A post changed by mistake");

  // The Posts tab: asked, and Cancel stays on the form with the edits.
  await openScreen(page, "Posts");
  await leaveDialog(page).waitFor();
  await shot(page, "leave-dialog-desktop");
  await leaveDialog(page).getByRole("button", { name: "Cancel" }).click();
  expect(await page.getByLabel("Title").inputValue()).toBe("A post changed by mistake");

  // A link (View Site): asked, and staying keeps the page.
  await page.getByRole("link", { name: "View Site" }).click();
  await leaveDialog(page).waitFor();
  await leaveDialog(page).getByRole("button", { name: "Cancel" }).click();
  expect(new URL(page.url()).pathname).toBe(`/admin/posts/${post.id}`);

  // The form's Cancel, then Discard: back on Posts, the post unchanged, no copy kept.
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await leaveDialog(page).getByRole("button", { name: LEAVE_MESSAGES.confirm }).click();
  await page.getByRole("heading", { name: ADMIN_MESSAGES.postsCardTitle }).waitFor();
  await page.getByRole("list", { name: "Posts" }).getByText("A post to leave alone").waitFor();
  expect(await stored(page, localDraftKey(post.id))).toBeNull();

  // Without changes nothing is asked.
  await openEditor(page, post.title);
  await openScreen(page, "Posts");
  await page.getByRole("heading", { name: ADMIN_MESSAGES.postsCardTitle }).waitFor();
  expect(await leaveDialog(page).count()).toBe(0);

  // A link after confirming leaves.
  await openEditor(page, post.title);
  await page.getByLabel("Summary").fill("Another summary, not saved.");
  await page.getByRole("link", { name: "View Site" }).click();
  await leaveDialog(page).getByRole("button", { name: LEAVE_MESSAGES.confirm }).click();
  await page.waitForURL(`${site.server.url}/`);
  expect(problems).toEqual([]);
  await close();
});

it("Ctrl+S saves in place; a post saved elsewhere meanwhile is not overwritten without asking", async () => {
  const { page, problems, close } = await signedInAdmin();
  const post = await createPost(page, "A post two people edit", true);
  await page.reload();
  await waitForHydration(page);
  await openEditor(page, post.title);
  await page.getByLabel("Title").fill("A post two people edit, mine");
  await page.getByLabel("Title").press("Control+s");
  await toastTitled(page, FORM_NOTICE_MESSAGES.savedShortcut.title);
  await page.getByRole("heading", { name: ADMIN_MESSAGES.editHeading }).waitFor();
  const afterShortcut = (await (await page.request.get(`${site.server.url}/api/cms/posts`)).json()) as CmsPost[];
  const mine = afterShortcut.find((p) => p.id === post.id)!;
  expect(mine.title).toBe("A post two people edit, mine");

  // Someone else saves the post from another tab.
  const theirs = await page.request.put(`${site.server.url}/api/cms/update-post/${post.id}`, {
    data: { ...mine, title: "A post two people edit, theirs", tags: [], updatedAt: mine.updatedAt },
  });
  expect(theirs.status()).toBe(200);
  const theirUpdatedAt = ((await theirs.json()) as CmsPost).updatedAt;

  await page.getByLabel("Summary").fill("My summary, written in the meantime.");
  await page.getByRole("button", { name: "Update Post" }).click();
  const notice = page.getByRole("alert").filter({ hasText: CONFLICT_MESSAGES.title });
  await notice.waitFor();
  await shot(page, "conflict-desktop");
  expect(await notice.textContent()).toContain(CONFLICT_MESSAGES.savedBy(ADMIN.username, theirUpdatedAt));
  const onServer = async () =>
    ((await (await page.request.get(`${site.server.url}/api/cms/posts`)).json()) as CmsPost[]).find(
      (p) => p.id === post.id,
    )!;
  expect((await onServer()).title).toBe("A post two people edit, theirs");

  // Nothing is overwritten unseen: the title is kept as mine only once chosen, field by field.
  await page.getByRole("group", { name: CONFLICT_MESSAGES.fields.title }).getByLabel(CONFLICT_MESSAGES.mine).check();
  await page.getByRole("button", { name: CONFLICT_MESSAGES.save }).click();
  await toastTitled(page, FORM_NOTICE_MESSAGES.savedShortcut.title);
  // Polled: the toast of the first Ctrl+S, with the same title, may still be showing on a busy machine.
  await expect.poll(onServer).toMatchObject({
    title: "A post two people edit, mine",
    summary: "My summary, written in the meantime.",
  });
  // The only failed request is the refused update, on purpose.
  expect(problems.filter((p) => !p.includes("status of 409"))).toEqual([]);
  await close();
});

it("View on a draft opens its preview with the bar; signed out the same address is a 404", async () => {
  for (const [viewport, name] of [
    [DESKTOP, "desktop"],
    [PHONE, "phone"],
  ] as const) {
    const { page, close } = await signedInAdmin(viewport);
    const draft = await createPost(page, `A draft nobody sees yet on ${name}`, false);
    await page.reload();
    await waitForHydration(page);
    const row = page.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: draft.title });
    const [preview] = await Promise.all([page.waitForEvent("popup"), row.getByRole("link", { name: /^View/ }).click()]);
    await preview.waitForLoadState();
    await preview.getByText(PREVIEW_MESSAGES.draftBar).waitFor();
    expect(await preview.getByRole("heading", { level: 1 }).textContent()).toBe(draft.title);
    expect(new URL(preview.url()).search).toBe("?preview");
    await shot(preview, `preview-${name}`);
    const bar = await preview.getByRole("status").filter({ hasText: PREVIEW_MESSAGES.draftBar }).boundingBox();
    expect(bar!.width).toBeLessThanOrEqual(viewport.width);
    await close();
  }
  const visitor = await openPage(site.browser, DESKTOP);
  const drafts = await fetch(`${site.server.url}/api/public/blog/posts`).then((r) => r.json() as Promise<CmsPost[]>);
  expect(drafts.some((p) => p.title.startsWith("A draft nobody sees"))).toBe(false);
  const res = await visitor.page.goto(`${site.server.url}/blog/a-draft-nobody-sees-yet-on-desktop?preview`);
  expect(res?.status()).toBe(404);
  expect(await visitor.page.getByText(PREVIEW_MESSAGES.draftBar).count()).toBe(0);
  await visitor.close();
});

it("a restored copy of an older version still asks before overwriting a newer save", async () => {
  const { page, problems, close } = await signedInAdmin();
  const post = await createPost(page, "A post edited offline", true);
  await page.reload();
  await waitForHydration(page);
  await openEditor(page, post.title);
  await page.getByLabel("Summary").fill("My summary, never saved before the crash.");
  await expect.poll(() => stored(page, localDraftKey(post.id)), { timeout: 10_000 }).toContain("never saved");

  // The tab goes away; someone else saves the post meanwhile.
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto("about:blank");
  const theirs = await page.request.put(`${site.server.url}/api/cms/update-post/${post.id}`, {
    data: { ...post, title: "A post edited by someone else", tags: [] },
  });
  expect(theirs.status()).toBe(200);

  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Edit A post edited by someone else" }).click();
  await page.getByText(FORM_NOTICE_MESSAGES.restoreNewer).waitFor();
  await page.getByRole("button", { name: FORM_NOTICE_MESSAGES.restore }).click();
  expect(await page.getByLabel("Summary").inputValue()).toBe("My summary, never saved before the crash.");
  await page.getByRole("button", { name: "Update Post" }).click();
  await page.getByRole("alert").filter({ hasText: CONFLICT_MESSAGES.title }).waitFor();
  expect(problems.filter((p) => !p.includes("status of 409"))).toEqual([]);
  await close();
});
