import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { CONFLICT_MESSAGES } from "~/app/components/admin/conflict-resolver";
import { FORM_NOTICE_MESSAGES } from "~/app/components/admin/form-notices";
import type { CmsPost } from "~/shared/blog";
import { BLOCK_POST_VIDEO, blockPost } from "../helpers/block-post";
import { DESKTOP, newLocalContext, waitForHydration } from "../helpers/browser";
import { makeImage } from "../helpers/images";
import { signedInPages, toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * Two editors change one post that holds an image with its caption, a video and a list: the conflict
 * view merges their edits block by block (docs/decisions/200-conflicts-merged-by-block.md).
 */
const ADMIN = { username: "night-editor", password: "a long enough secret" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
/** Both tests' editors share one sign-in. */
const signedIn = signedInPages(site);

async function twoEditors(title: string) {
  // Nothing leaves the machine: the video's player is refused, as a frame with no network.
  const context = await newLocalContext(site.browser, {
    viewport: DESKTOP,
    storageState: await signedIn.storageState(ADMIN),
  });
  const problems: string[] = [];
  const open = async () => {
    const page = await context.newPage();
    page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
    return page;
  };
  const a = await open();
  const upload = await a.request.post(`${site.server.url}/api/cms/uploads`, {
    multipart: { file: { name: "gate.png", mimeType: "image/png", buffer: await makeImage(320, 200) } },
  });
  expect(upload.status()).toBe(201);
  const { url: image } = (await upload.json()) as { url: string };
  const created = await a.request.post(`${site.server.url}/api/cms/simple-create-post`, {
    data: { title, summary: "Two editors, one post.", content: blockPost({ image }), tags: [] },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as CmsPost;
  const b = await open();
  await openEditor(a, title);
  await openEditor(b, title);
  return { a, b, post, image, problems };
}

async function openEditor(page: Page, title: string) {
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByRole("heading", { name: ADMIN_MESSAGES.editHeading }).waitFor();
  await page.locator(".ql-editor li").first().waitFor();
}

/** Puts the cursor at the end of the editor block (`p`, `li`...) holding `text` and types. */
async function typeAfter(page: Page, block: string, text: string, typed: string) {
  await page.locator(`.ql-editor ${block}`, { hasText: text }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(typed);
}

async function postOnServer(page: Page, id: number): Promise<CmsPost> {
  const posts = (await (await page.request.get(`${site.server.url}/api/cms/posts`)).json()) as CmsPost[];
  return posts.find((p) => p.id === id)!;
}

it("keeps both edits to different blocks of a post with an image, a caption, a video and a list", async () => {
  const { a, b, post, image, problems } = await twoEditors("Gates that open on time");

  await typeAfter(a, "p", "Crowds come in waves.", " Theirs.");
  await a.keyboard.press("Control+s");
  await toastTitled(a, FORM_NOTICE_MESSAGES.savedShortcut.title);

  await typeAfter(b, "li", "Open more gates", " Mine.");
  await b.keyboard.press("Control+s");
  const conflict = b.getByRole("region", { name: CONFLICT_MESSAGES.title });
  await conflict.waitFor();
  const content = conflict.getByRole("group", { name: CONFLICT_MESSAGES.fields.content });
  await content.getByText(CONFLICT_MESSAGES.mergedHint).waitFor();
  const merged = content.getByLabel(CONFLICT_MESSAGES.merged);
  expect(await merged.isChecked()).toBe(true);
  // Each list item on a line of its own, with its marker: not run together. The merge is the last choice.
  const shown = await content.locator("label").last().innerText();
  expect(shown).toContain(`${CONFLICT_MESSAGES.merged}\n`);
  expect(shown).toContain("Gate 3 at noon [image]\nWhat helps\n");
  expect(shown).toContain("• Scan tickets early\n• Open more gates Mine.\n• Tell people the wait\n[video]");

  await conflict.getByRole("button", { name: CONFLICT_MESSAGES.save }).click();
  await toastTitled(b, FORM_NOTICE_MESSAGES.savedShortcut.title);
  const saved = await postOnServer(b, post.id);
  expect(saved.content).toContain("Crowds come in waves. Theirs.");
  expect(saved.content).toContain("Open more gates Mine.");
  expect(saved.content).toContain(`<img src="${image}"`);
  expect(saved.content).toContain("<figcaption>Gate 3 at noon</figcaption>");
  expect(saved.content).toContain(`src="${BLOCK_POST_VIDEO}"`);
  expect(saved.content.match(/<li /g)).toHaveLength(3);
  expect(problems).toEqual([]);
});

it("shows a block both changed side by side and keeps the version picked for it", async () => {
  const { a, b, post } = await twoEditors("Gates both editors changed");

  await typeAfter(a, "li", "Open more gates", " Theirs.");
  await typeAfter(a, "p", "Crowds come in waves.", " Theirs.");
  await a.keyboard.press("Control+s");
  await toastTitled(a, FORM_NOTICE_MESSAGES.savedShortcut.title);

  await typeAfter(b, "li", "Open more gates", " Mine.");
  await typeAfter(b, "p", "That is all.", " Mine.");
  await b.keyboard.press("Control+s");
  const conflict = b.getByRole("region", { name: CONFLICT_MESSAGES.title });
  await conflict.waitFor();
  const content = conflict.getByRole("group", { name: CONFLICT_MESSAGES.fields.content });
  await content.getByText(CONFLICT_MESSAGES.overlapHint(1)).waitFor();
  const overlap = content.getByRole("group", { name: CONFLICT_MESSAGES.overlap(1) });
  expect(await overlap.getByLabel(CONFLICT_MESSAGES.mine).isChecked()).toBe(true);
  await overlap.getByText("• Open more gates Theirs.", { exact: true }).waitFor();
  await overlap.getByText("• Open more gates Mine.", { exact: true }).waitFor();
  await overlap.getByLabel(CONFLICT_MESSAGES.theirs(ADMIN.username)).check();
  expect(await content.getByLabel(CONFLICT_MESSAGES.merged).isChecked()).toBe(true);

  await conflict.getByRole("button", { name: CONFLICT_MESSAGES.save }).click();
  await toastTitled(b, FORM_NOTICE_MESSAGES.savedShortcut.title);
  const saved = await postOnServer(b, post.id);
  expect(saved.content).toContain("Crowds come in waves. Theirs.");
  expect(saved.content).toContain("Open more gates Theirs.");
  expect(saved.content).not.toContain("Open more gates Mine.");
  expect(saved.content).toContain("That is all. Mine.");
  expect(saved.content).toContain("<figcaption>Gate 3 at noon</figcaption>");
});
