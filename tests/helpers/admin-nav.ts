import type { Page } from "playwright-core";
import { ADMIN_NAV_MESSAGES } from "~/app/components/admin/admin-nav-items";

/** The admin's navigation landmark. */
export const adminNav = (page: Page) => page.getByRole("navigation", { name: ADMIN_NAV_MESSAGES.label });

/**
 * Opens an admin screen the way a person does: its link in the navigation, behind the Menu button
 * on a phone. `name` is the link's text (a string matches it exactly).
 */
export async function openScreen(page: Page, name: string | RegExp) {
  const nav = adminNav(page);
  const menu = nav.getByRole("button", { name: new RegExp(`^${ADMIN_NAV_MESSAGES.menu}`) });
  if ((await menu.isVisible()) && (await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
  await nav.getByRole("link", { name, exact: typeof name === "string" }).click();
}
