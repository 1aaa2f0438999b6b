import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { PROFILE_MESSAGES } from "~/app/components/admin/users/users-messages";
import { authorPath } from "~/shared/authors";
import { violations } from "../helpers/axe";
import { DESKTOP, openPage, PHONE, waitForAnimations, waitForHydration } from "../helpers/browser";
import { makeImage } from "../helpers/images";
import { signInAt, toastTitled, useSiteWithCliAdmin } from "../helpers/site-under-test";
import { openScreen } from "../helpers/admin-nav";

const ADMIN = { username: "ann.lee", password: "a long enough secret" };
/** Screenshots for a person to look at, kept after the run. */
const SHOTS = "/tmp/shots-bylines";

const site = useSiteWithCliAdmin(ADMIN, "queuesite-bylines-");

/** A same-origin call from the signed-in page, as the admin's own scripts make it. */
async function call<T>(page: Page, method: string, url: string, body?: object): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const json = { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
      const res = await fetch(url, { method, ...(body && json) });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    { method, url, body },
  );
}

/** axe at both sizes, and a screenshot of each. */
async function checkAndShoot(page: Page, url: string, name: string) {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(url);
    await waitForHydration(page);
    await waitForAnimations(page);
    expect(await violations(page), `${name} at ${size}`).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), fullPage: size === "phone" });
  }
}

it("a profile set in the Profile panel shows in a post's byline and on the author page, both passing axe", async () => {
  mkdirSync(SHOTS, { recursive: true });
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  await signInAt(page, `${site.server.url}/admin`, ADMIN, ADMIN_MESSAGES.loginSuccess.title);

  // One's own profile, with an uploaded avatar.
  await openScreen(page, "Account");
  await page.getByLabel(PROFILE_MESSAGES.displayName).fill("Ann Lee");
  await page.getByLabel(PROFILE_MESSAGES.bio).fill("Ann writes about waiting rooms, queues and the people in them.");
  await page
    .getByLabel(PROFILE_MESSAGES.upload)
    .setInputFiles({ name: "ann.png", mimeType: "image/png", buffer: await makeImage(240, 240, "image/png", 3) });
  await page.locator('img[src^="/media/"]').first().waitFor();
  await page.getByRole("button", { name: PROFILE_MESSAGES.save }).click();
  await toastTitled(page, PROFILE_MESSAGES.saved.title);
  await page.screenshot({ path: path.join(SHOTS, "profile-panel-desktop.png"), fullPage: true });

  // A second author, with initials only, and a post by both.
  const bo = await call<{ id: number }>(page, "POST", "/api/admin/users", {
    username: "bo.martins",
    password: "another long secret",
    role: "writer",
  });
  await call(page, "PATCH", `/api/admin/users/${bo.id}`, { displayName: "Bo Martins" });
  const me = await call<{ id: number }>(page, "GET", "/api/cms/profile");
  const post = await call<{ slug: string }>(page, "POST", "/api/cms/simple-create-post", {
    title: "How a pharmacy emptied its waiting room",
    summary: "Two writers on one pharmacy's mornings, before and after a virtual queue.",
    content: "<p>Every morning at nine the line reached the door. Now the waiting room is nearly empty.</p>",
    published: true,
    authors: [me.id, bo.id],
  });

  // The editor's picker lists both, for a look at it.
  await openScreen(page, "New Post");
  const picker = page.getByRole("group", { name: ADMIN_MESSAGES.authorsLabel });
  await picker.getByRole("checkbox", { name: /Bo Martins/ }).waitFor();
  await picker.screenshot({ path: path.join(SHOTS, "author-picker-desktop.png") });

  await checkAndShoot(page, `${site.server.url}/blog/${post.slug}`, "post-byline");
  await expect.poll(() => page.getByText("By Ann Lee and Bo Martins").count()).toBe(1);
  await checkAndShoot(page, `${site.server.url}${authorPath(ADMIN.username)}`, "author-page");
  await expect.poll(() => page.getByRole("heading", { level: 1, name: "Ann Lee" }).count()).toBe(1);
  expect(problems).toEqual([]);
  await close();
});
