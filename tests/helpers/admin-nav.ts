import type { Page } from "playwright-core";
import { ADMIN_NAV_MESSAGES } from "~/app/components/admin/admin-nav-items";
import { PUBLISH_MESSAGES } from "~/app/components/admin/publish-controls";
import { toastTitled } from "./site-under-test";

/** The admin's navigation landmark. */
export const adminNav = (page: Page) => page.getByRole("navigation", { name: ADMIN_NAV_MESSAGES.label });

/** A screen's link in the navigation, found also while the phone's menu is closed over it. */
export const screenLink = (page: Page, name: string | RegExp) =>
  adminNav(page).getByRole("link", { name, exact: typeof name === "string", includeHidden: true });

/**
 * Opens an admin screen the way a person does: its link in the navigation, behind the Menu button
 * on a phone. `name` is the link's text (a string matches it exactly). Returns once the screen is
 * shown (its link is the current one: a move runs the screen's loader first), or once a question
 * stopped the move (unsaved edits).
 */
export async function openScreen(page: Page, name: string | RegExp) {
  const nav = adminNav(page);
  await nav.waitFor();
  const menu = nav.getByRole("button", { name: new RegExp(`^${ADMIN_NAV_MESSAGES.menu}`) });
  if ((await menu.isVisible()) && (await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
  const link = nav.getByRole("link", { name, exact: typeof name === "string" });
  const href = await link.getAttribute("href");
  await link.click();
  // Shown once the address is the link's and its link is the current one (the move ran the
  // screen's loader): /admin already marks Posts current before its move to /admin/posts ends.
  // By CSS: a dialog hides the rest of the page from the accessibility tree.
  await page.waitForFunction(
    ({ label, href }) =>
      document.querySelector('[role="alertdialog"]') !== null ||
      (location.pathname === href &&
        document.querySelector(`nav[aria-label="${label}"] a[aria-current="page"][href="${href}"]`) !== null),
    { label: ADMIN_NAV_MESSAGES.label, href },
  );
}

/** Publishes the post open in the editor: its Publish button, the question's Publish, then the toast. */
export async function publishInEditor(page: Page) {
  await page.getByRole("button", { name: PUBLISH_MESSAGES.publish, exact: true }).click();
  await page
    .getByRole("alertdialog", { name: PUBLISH_MESSAGES.publishTitle })
    .getByRole("button", { name: PUBLISH_MESSAGES.publish })
    .click();
  await toastTitled(page, PUBLISH_MESSAGES.published.title);
}
