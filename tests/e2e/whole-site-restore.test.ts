import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { ADMIN_NAV_MESSAGES } from "~/app/components/admin/admin-nav-items";
import { DEBUG_MESSAGES } from "~/app/components/debug/debug-messages";
import { BACKUP_KIND_LABELS, BACKUP_KIND_MESSAGES } from "~/shared/backups";
import type { SiteAdminView } from "~/shared/site-content";
import { DESKTOP, openPage } from "../helpers/browser";
import { signInAt, toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

const ADMIN = { username: "restore-admin", password: "restore password" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

/** Screenshots for a person to look at (SCREENSHOTS=dir keeps them elsewhere). */
const SHOTS = process.env.SCREENSHOTS ?? path.join(tmpdir(), "queuesite-screenshots");
mkdirSync(SHOTS, { recursive: true });

/** Publishes the site content with this copyright holder: what "/" shows of the site content, in its footer. */
async function publishHolder(page: Page, copyrightHolder: string) {
  const url = (p: string) => `${site.server.url}${p}`;
  const { draft } = (await (await page.request.get(url("/api/admin/site"))).json()) as SiteAdminView;
  const changed = { ...draft, links: { ...draft.links, copyrightHolder } };
  expect((await page.request.put(url("/api/admin/site/draft"), { data: changed })).status()).toBe(200);
  expect((await page.request.post(url("/api/admin/site/publish"))).status()).toBe(201);
}

it("Restore previews each kind, restores only the kinds ticked, and says which it touched", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  // Reached from the admin's navigation, as the health report is.
  await signInAt(page, `${site.server.url}/admin/posts`, ADMIN, ADMIN_MESSAGES.loginSuccess.title);
  const nav = page.getByRole("navigation", { name: ADMIN_NAV_MESSAGES.label });
  expect(await nav.getByRole("link", { name: ADMIN_NAV_MESSAGES.health }).getAttribute("href")).toBe("/system/health");
  await nav.getByRole("link", { name: ADMIN_NAV_MESSAGES.debugTools }).click();
  await page.getByRole("heading", { name: DEBUG_MESSAGES.title }).waitFor();
  await publishHolder(page, "Queues before the backup");
  await page.getByRole("button", { name: "Backup Now" }).click();
  await toastTitled(page, DEBUG_MESSAGES.backedUp(0, "").title);
  await publishHolder(page, "Queues after the backup");

  await page.getByRole("tab", { name: "Management" }).click();
  const list = page.getByRole("list", { name: "Backups" });
  // The list says what the backup holds.
  await list
    .getByText(/\d+ posts, .*site, .*1 user/)
    .first()
    .waitFor();
  await list
    .getByRole("button", { name: /^Restore from posts-/ })
    .first()
    .click();

  const dialog = page.getByRole("alertdialog", { name: DEBUG_MESSAGES.restoreDialog.title });
  const siteBox = dialog.getByRole("checkbox", { name: BACKUP_KIND_LABELS.site });
  await siteBox.waitFor();
  // The preview: the site content would be replaced; posts and images are ticked, as a posts restore.
  await expect.poll(() => siteBox.getAttribute("aria-describedby")).toBe("restore-kind-site-hint");
  expect(await dialog.locator("#restore-kind-site-hint").textContent()).toBe("1 replaced");
  expect(await dialog.getByRole("checkbox", { name: BACKUP_KIND_LABELS.posts }).isChecked()).toBe(true);
  expect(await dialog.getByRole("checkbox", { name: BACKUP_KIND_LABELS.media }).isChecked()).toBe(true);
  expect(await siteBox.isChecked()).toBe(false);
  expect(await dialog.getByRole("checkbox", { name: BACKUP_KIND_LABELS.users }).isChecked()).toBe(false);

  // Posts off, site on: only the site comes back.
  await dialog.getByRole("checkbox", { name: BACKUP_KIND_LABELS.posts }).uncheck();
  await dialog.getByRole("checkbox", { name: BACKUP_KIND_LABELS.media }).uncheck();
  await siteBox.check();
  await page.screenshot({ path: path.join(SHOTS, "restore-preview-dialog.png") });
  await dialog.getByRole("button", { name: DEBUG_MESSAGES.restoreDialog.confirm(1) }).click();
  const message = BACKUP_KIND_MESSAGES.restoredKinds({ site: { added: 0, replaced: 1, unchanged: 0 } });
  await page
    .getByRole("region", { name: /Notifications/ })
    .getByText(message)
    .first()
    .waitFor();
  await page.screenshot({ path: path.join(SHOTS, "restore-result.png") });

  const home = await page.request.get(`${site.server.url}/`);
  expect(await home.text()).toContain("Queues before the backup");
  expect(problems).toEqual([]);
  await close();
});
