import { mkdirSync } from "node:fs";
import type { Cookie, Page } from "playwright-core";
import { expect, it } from "vitest";
import { PUBLISH_MESSAGES } from "~/app/components/admin/publish-controls";
import { REVIEW_MESSAGES } from "~/shared/review";
import { DESKTOP, newLocalContext, PHONE, waitForHydration } from "../helpers/browser";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";
import { adminNav, openScreen, publishInEditor } from "../helpers/admin-nav";

/**
 * Review before publish in a real browser (docs/decisions/126-review-before-publish.md): a
 * contributor submits, an editor sends the post back with a note, the contributor reads it and
 * submits again, the editor publishes. One browser context; each person signs in once per turn.
 */
const ADMIN = { username: "managing-editor", password: "a long enough secret" };
const EDITOR = { username: "desk-editor", password: "another long secret" };
const CONTRIBUTOR = { username: "guest-writer", password: "a third long secret" };
const TITLE = "Queues at the stadium";
const NOTE = "Add a quote from the stadium's operations manager.";
const SHOTS = process.env.ROLES_SHOTS;
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

type Person = { username: string; password: string };
/** Each person's session cookie, kept after their one sign-in (a sign-in hashes the password, which is slow). */
const sessions = new Map<Person, Cookie[]>();

/** Opens /admin as `who`: signed in the first time, their kept session after that. */
async function signIn(page: Page, who: Person) {
  const context = page.context();
  await context.clearCookies();
  const kept = sessions.get(who);
  if (kept) await context.addCookies(kept);
  else {
    expect((await page.request.post(`${site.server.url}/api/auth/login`, { data: who })).status()).toBe(200);
    sessions.set(who, await context.cookies());
  }
  await page.goto(`${site.server.url}/admin`);
  await waitForHydration(page);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

it("a contributor submits, an editor sends it back with a note, the contributor submits again, the editor publishes", async () => {
  const context = await newLocalContext(site.browser, { viewport: DESKTOP });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  const url = site.server.url;

  // The admin makes the two accounts right after signing in, before any page loads: Playwright's
  // request client reuses its connection without the retry a browser makes, and one left idle
  // through a page's load on a busy machine can be one the server is closing (keep-alive, 5 s).
  expect((await page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  sessions.set(ADMIN, await context.cookies());
  for (const [who, role] of [
    [EDITOR, "editor"],
    [CONTRIBUTOR, "contributor"],
  ] as const)
    expect((await page.request.post(`${url}/api/admin/users`, { data: { ...who, role } })).status()).toBe(201);
  await signIn(page, ADMIN);

  // The contributor writes a draft: no Publish, only Submit for review.
  await signIn(page, CONTRIBUTOR);
  await openScreen(page, "New Post");
  await page.getByLabel("Title").fill(TITLE);
  await page.getByLabel("Summary").fill("How a virtual queue empties the concourse at half time.");
  await page.locator(".ql-editor").click();
  await page.keyboard.type("At half time forty thousand people want a drink, and most of them wait in line.");
  expect(await page.getByRole("button", { name: PUBLISH_MESSAGES.publish }).count()).toBe(0);
  await page.getByRole("button", { name: REVIEW_MESSAGES.submit }).click();
  await toastTitled(page, REVIEW_MESSAGES.submitted);
  await page
    .getByRole("link", { name: `Edit ${TITLE}` })
    .getByText(REVIEW_MESSAGES.inReviewBadge)
    .waitFor();

  // The editor finds it in the queue, with its count on the tab, and sends it back with a note.
  await signIn(page, EDITOR);
  await openScreen(page, REVIEW_MESSAGES.tabWithCount(1));
  const queue = page.getByRole("list", { name: REVIEW_MESSAGES.heading });
  expect(await queue.textContent()).toContain(CONTRIBUTOR.username);
  await shot(page, "review-queue");
  await queue.getByRole("link", { name: `${REVIEW_MESSAGES.open} ${TITLE}` }).click();
  await page.getByLabel(REVIEW_MESSAGES.noteLabel).fill(NOTE);
  await page.getByRole("button", { name: REVIEW_MESSAGES.sendBack }).click();
  await toastTitled(page, REVIEW_MESSAGES.sentBack);
  await adminNav(page).getByRole("link", { name: REVIEW_MESSAGES.tab, exact: true }).waitFor();

  // The contributor sees "Returned" in the list and the note in the editor, and submits again.
  await signIn(page, CONTRIBUTOR);
  const row = page.getByRole("link", { name: `Edit ${TITLE}` });
  await row.getByText(REVIEW_MESSAGES.returned).waitFor();
  await row.click();
  const note = page.getByRole("note");
  await note.waitFor();
  expect(await note.textContent()).toContain(NOTE);
  await shot(page, "returned-note");
  await page.getByRole("button", { name: REVIEW_MESSAGES.submit }).click();
  await toastTitled(page, REVIEW_MESSAGES.submitted);

  // The editor publishes it.
  await signIn(page, EDITOR);
  await openScreen(page, REVIEW_MESSAGES.tabWithCount(1));
  await page.getByRole("link", { name: `${REVIEW_MESSAGES.open} ${TITLE}` }).click();
  await publishInEditor(page);
  const posts = (await (await page.request.get(`${url}/api/cms/posts`)).json()) as { title: string; status: string }[];
  expect(posts.find((p) => p.title === TITLE)?.status).toBe("published");
  expect(problems).toEqual([]);
  await context.close();
});
