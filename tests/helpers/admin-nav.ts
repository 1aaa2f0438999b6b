import type { Page } from "playwright-core";
import { ADMIN_NAV_MESSAGES } from "~/app/components/admin/admin-nav-items";

/** The admin's navigation landmark. */
export const adminNav = (page: Page) => page.getByRole("navigation", { name: ADMIN_NAV_MESSAGES.label });

/** A screen's link in the navigation, found also while the phone's menu is closed over it. */
export const screenLink = (page: Page, name: string | RegExp) =>
  adminNav(page).getByRole("link", { name, exact: typeof name === "string", includeHidden: true });

/**
 * Opens an admin screen the way a person does: its link in the navigation, behind the Menu button
 * on a phone. `name` is the link's text (a string matches it exactly). Returns once the screen is
 * shown (its link is the current one): a move runs the screen's loader first.
 */
export async function openScreen(page: Page, name: string | RegExp) {
  const nav = adminNav(page);
  const menu = nav.getByRole("button", { name: new RegExp(`^${ADMIN_NAV_MESSAGES.menu}`) });
  if ((await menu.isVisible()) && (await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
  await nav.getByRole("link", { name, exact: typeof name === "string" }).click();
  await screenLink(page, name).and(nav.locator('[aria-current="page"]')).waitFor({ state: "attached" });
}
