import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { CONFLICT_MESSAGES } from "~/app/components/admin/conflict-resolver";
import { FORM_NOTICE_MESSAGES } from "~/app/components/admin/form-notices";
import { PUBLISH_MESSAGES } from "~/app/components/admin/publish-controls";
import { ACTIVITY_KINDS, ACTIVITY_MESSAGES } from "~/shared/activity";
import type { CmsPost } from "~/shared/blog";
import { violations } from "../helpers/axe";
import { DESKTOP, newLocalContext, waitForHydration } from "../helpers/browser";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

/**
 * Drafts until someone publishes, conflicts shown field by field, and the Activity tab
 * (docs/decisions/101, 104 and 102), in one browser context signed in once.
 */
const ADMIN = { username: "managing-editor", password: "a long enough secret" };
const PHONE_390 = { width: 390, height: 844 };
const SHOTS = process.env.ACTIVITY_SHOTS;
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

const para = (text: string) => `<p>${text}</p>`;
const FIRST = "The first paragraph says why people leave long lines in the rain.";
const MIDDLE = "The middle paragraph stays as it was in every version of the post.";
const LAST = "The last paragraph says what a virtual queue changes for them.";

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE_390],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

async function postOnServer(page: Page, id: number): Promise<CmsPost> {
  const posts = (await (await page.request.get(`${site.server.url}/api/cms/posts`)).json()) as CmsPost[];
  return posts.find((p) => p.id === id)!;
}

async function openEditor(page: Page, title: string) {
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByRole("heading", { name: ADMIN_MESSAGES.editHeading }).waitFor();
  await page.locator(".ql-editor p").first().waitFor();
}

/** Puts the cursor at the end of the editor paragraph holding `text` and types. */
async function typeAfter(page: Page, text: string, typed: string) {
  await page.locator(".ql-editor p", { hasText: text }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(typed);
}

it("Ctrl+S keeps a new post a draft, Publish asks first; two tabs resolve a conflict field by field; the Activity tab lists it all", async () => {
  const context = await newLocalContext(site.browser, { viewport: DESKTOP });
  const problems: string[] = [];
  const open = async () => {
    const page = await context.newPage();
    page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
    page.on("console", (msg) => void (msg.type() === "error" && problems.push(msg.text())));
    return page;
  };
  const a = await open();
  expect((await a.request.post(`${site.server.url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);

  // A new post, saved with Ctrl+S: a draft, off the blog.
  await a.goto(`${site.server.url}/admin`);
  await waitForHydration(a);
  await openScreen(a, "New Post");
  await a.getByLabel("Title").fill("Queues in the rain");
  await a.getByLabel("Summary").fill("Why people leave long lines, and what brings them back.");
  await a.locator(".ql-editor").click();
  await a.keyboard.type(FIRST);
  await a.keyboard.press("Control+s");
  await toastTitled(a, FORM_NOTICE_MESSAGES.savedShortcut.title);
  await a.getByText(PUBLISH_MESSAGES.statusDraft, { exact: true }).waitFor();
  const posts = (await (await a.request.get(`${site.server.url}/api/cms/posts`)).json()) as CmsPost[];
  const draft = posts.find((p) => p.title === "Queues in the rain")!;
  expect(draft).toMatchObject({ published: false, slug: "queues-in-the-rain" });
  expect((await a.request.get(`${site.server.url}/blog/queues-in-the-rain`)).status()).toBe(404);

  // Publish names what readers will see before it acts.
  await a.getByRole("button", { name: PUBLISH_MESSAGES.publish }).click();
  const question = a.getByRole("alertdialog", { name: PUBLISH_MESSAGES.publishTitle });
  expect(await question.textContent()).toContain(
    PUBLISH_MESSAGES.publishText("Queues in the rain", `${site.server.url}/blog/queues-in-the-rain`),
  );
  await question.getByRole("button", { name: PUBLISH_MESSAGES.publish }).click();
  await toastTitled(a, PUBLISH_MESSAGES.published.title);
  expect((await a.request.get(`${site.server.url}/blog/queues-in-the-rain`)).status()).toBe(200);

  // Three paragraphs, then two tabs open the post.
  await a.request.put(`${site.server.url}/api/cms/update-post/${draft.id}`, {
    data: { content: para(FIRST) + para(MIDDLE) + para(LAST) },
  });
  const b = await open();
  await openEditor(a, "Queues in the rain");
  await openEditor(b, "Queues in the rain");

  // Tab A changes the title and the first paragraph and saves.
  await a.getByLabel("Title").fill("Queues in the rain, revisited");
  await typeAfter(a, FIRST, " Mostly they get cold.");
  await a.keyboard.press("Control+s");
  await toastTitled(a, FORM_NOTICE_MESSAGES.savedShortcut.title);

  // Tab B changed the last paragraph meanwhile: its save is refused, and it sees both versions.
  await typeAfter(b, LAST, " Nobody waits outside.");
  await b.keyboard.press("Control+s");
  const conflict = b.getByRole("region", { name: CONFLICT_MESSAGES.title });
  await conflict.waitFor();
  const theirs = await postOnServer(b, draft.id);
  expect(await conflict.getByRole("alert").textContent()).toContain(
    CONFLICT_MESSAGES.savedBy(ADMIN.username, theirs.updatedAt),
  );
  const title = conflict.getByRole("group", { name: CONFLICT_MESSAGES.fields.title });
  expect(await title.getByLabel(CONFLICT_MESSAGES.theirs(ADMIN.username)).isChecked()).toBe(true);
  const content = conflict.getByRole("group", { name: CONFLICT_MESSAGES.fields.content });
  expect(await content.getByLabel(CONFLICT_MESSAGES.merged).isChecked()).toBe(true);
  expect(await conflict.getByRole("group").count()).toBe(2);
  expect(await violations(b)).toEqual([]);
  await shot(b, "conflict");

  await conflict.getByRole("button", { name: CONFLICT_MESSAGES.save }).click();
  await toastTitled(b, FORM_NOTICE_MESSAGES.savedShortcut.title);
  const merged = await postOnServer(b, draft.id);
  expect(merged.title).toBe("Queues in the rain, revisited");
  expect(merged.content).toContain(`${FIRST} Mostly they get cold.`);
  expect(merged.content).toContain(`${LAST} Nobody waits outside.`);
  expect(merged.content).toContain(MIDDLE);

  // The Activity tab: the publish, the sign-in, filtered by kind.
  await b.goto(`${site.server.url}/admin`);
  await waitForHydration(b);
  await openScreen(b, ACTIVITY_MESSAGES.tab);
  const list = b.getByRole("list", { name: ACTIVITY_MESSAGES.heading });
  await list.getByText(ACTIVITY_MESSAGES.post(draft.id, "Queues in the rain")).waitFor();
  await list.getByText(ACTIVITY_KINDS["sign-in"], { exact: true }).waitFor();
  expect(await violations(b)).toEqual([]);
  await shot(b, "activity");
  await b.getByLabel(ACTIVITY_MESSAGES.kind).selectOption("publish");
  await expect.poll(() => list.getByRole("listitem").count()).toBe(1);

  expect(problems.filter((p) => !p.includes("status of 409") && !p.includes("status of 404"))).toEqual([]);
  await context.close();
});
