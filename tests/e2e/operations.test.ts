import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { version } from "../../package.json";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { ADMINS_ONLY } from "~/app/components/admin/admin-gate";
import { DEBUG_MESSAGES } from "~/app/components/debug/debug-messages";
import { HEALTH_MESSAGES } from "~/app/components/health/health-messages";
import { PURGE_MESSAGES } from "~/app/components/tools/tool-messages";
import { DESKTOP, PHONE, openPage, waitForHydration } from "../helpers/browser";
import { signedInPages, signInAt, submitSignIn, toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

const ADMIN = { username: "ops-admin", password: "operations password" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

const signIn = (page: Page, path: string) =>
  signInAt(page, site.server.url + path, ADMIN, ADMIN_MESSAGES.loginSuccess.title);

const publicSlugs = (page: Page) =>
  page.request
    .get(`${site.server.url}/api/public/blog/posts`)
    .then(async (r) => ((await r.json()) as { slug: string }[]).map((p) => p.slug));

it("debug tools: Backup Now, delete by id, restore it; purge through both dialogs; restore again", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  await signIn(page, "/admin/debug-tools");
  await page.getByRole("heading", { name: DEBUG_MESSAGES.title }).waitFor();
  const rows = page.getByRole("table").getByRole("row");
  await expect.poll(() => rows.count()).toBeGreaterThan(2);
  const original = await publicSlugs(page);
  // The cell also holds an "ID " label for phones (hidden on a desktop): the digits are the id.
  const victimId = (await rows.nth(1).getByRole("cell").nth(1).textContent())!.replace(/\D/g, "");

  await page.getByRole("button", { name: "Backup Now" }).click();
  await toastTitled(page, DEBUG_MESSAGES.backedUp(0, "").title);

  await page.getByRole("tab", { name: "Management" }).click();
  await page.getByLabel("Post ID").fill("abc");
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await toastTitled(page, DEBUG_MESSAGES.invalidId.title);
  await page.getByLabel("Post ID").fill(victimId);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await toastTitled(page, DEBUG_MESSAGES.deleted(Number(victimId)).title);
  expect((await publicSlugs(page)).length).toBe(original.length - 1);

  await page.getByRole("button", { name: "Restore From Backup" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
  await toastTitled(page, DEBUG_MESSAGES.restored("").title);
  expect(await publicSlugs(page)).toEqual(original);

  // Purge everything through both dialogs on the bare purge page.
  await page.goto(`${site.server.url}/delete-all-posts`);
  await waitForHydration(page);
  await page.getByRole("button", { name: PURGE_MESSAGES.button }).click();
  // Each dialog by its own title: the first closes as the second opens, so "an alertdialog" is always there.
  for (const step of [PURGE_MESSAGES.first, PURGE_MESSAGES.second]) {
    const confirm = page.getByRole("alertdialog", { name: step.title });
    await confirm.getByRole("button", { name: step.action }).click();
    await confirm.waitFor({ state: "detached" });
  }
  await page.getByText(PURGE_MESSAGES.allDeleted).waitFor();
  expect(await publicSlugs(page)).toEqual([]);

  // The purge took a backup first: restoring the newest brings every post back.
  await page.goto(`${site.server.url}/admin/debug-tools`);
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Management" }).click();
  await expect
    .poll(() => page.getByRole("list", { name: "Backups" }).getByRole("listitem").count())
    .toBeGreaterThanOrEqual(2);
  await page.getByRole("button", { name: "Restore From Backup" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
  await toastTitled(page, DEBUG_MESSAGES.restored("").title);
  expect(await publicSlugs(page)).toEqual(original);
  expect(problems).toEqual([]);
  await close();
});

it("/system/health shows the database connected, and asks visitors to sign in", async () => {
  const visitor = await openPage(site.browser, DESKTOP);
  await visitor.page.goto(`${site.server.url}/system/health`);
  await visitor.page.getByRole("button", { name: "Login" }).waitFor();
  expect(await visitor.page.getByText(HEALTH_MESSAGES.connected).count()).toBe(0);
  await visitor.close();

  const { page, close } = await openPage(site.browser, DESKTOP);
  await signIn(page, "/system/health");
  await page.getByRole("heading", { name: HEALTH_MESSAGES.title }).waitFor();
  await page.getByText(HEALTH_MESSAGES.connected, { exact: true }).waitFor();
  // The operator's figures beside the status: the server's version among them.
  await page.getByText(version, { exact: true }).waitFor();
  await page.getByRole("button", { name: HEALTH_MESSAGES.refresh }).click();
  await page.getByText(HEALTH_MESSAGES.connected, { exact: true }).waitFor();
  await close();
});

it("a writer is told the tools are for admins only", async () => {
  const { page, close } = await openPage(site.browser, DESKTOP);
  await signIn(page, "/admin");
  const created = await page.request.post(`${site.server.url}/api/auth/register`, {
    data: { username: "just-a-writer", password: "writer password", role: "writer" },
    headers: { Origin: site.server.url },
  });
  expect(created.status()).toBe(201);
  await page.getByRole("button", { name: "Logout" }).click();
  await toastTitled(page, ADMIN_MESSAGES.loggedOut.title);
  await page.goto(`${site.server.url}/admin/debug-tools`);
  await waitForHydration(page);
  await submitSignIn(page, { username: "just-a-writer", password: "writer password" });
  await page.getByRole("heading", { name: ADMINS_ONLY.title }).waitFor();
  await close();
});

it("the debug tools fit a phone: the posts table scrolls inside its card, not the page", async () => {
  // Signed in already: signing in on this page is the first test's, and costs a second of scrypt.
  const { page, close } = await signedInPages(site)(ADMIN, PHONE);
  await page.goto(`${site.server.url}/admin/debug-tools`);
  await waitForHydration(page);
  await page.getByRole("table").waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await close();
});
