import { expect, it } from "vitest";
import { DEBUG_MESSAGES } from "~/app/components/debug/debug-messages";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import { PHONE, openPage } from "../helpers/browser";
import { useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * docs/decisions/078-sign-in-without-javascript.md: with JavaScript off, as on a slow phone before
 * the page has hydrated, sign-in works and never puts a field in the address, and the mobile menu
 * opens, its industries too.
 */
const ADMIN = { username: "nojs-admin", password: "a long enough password" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

it("signs in from a utility page and comes back to it; a wrong password shows the message", async () => {
  const { page, close } = await openPage(site.browser, undefined, { javaScriptEnabled: false });
  const addresses: string[] = [];
  page.on("request", (request) => addresses.push(request.url()));
  await page.goto(site.server.url + "/admin/debug-tools");

  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(site.server.url + "/admin");
  expect(await page.getByRole("alert").textContent()).toBe(AUTH_FORM_MESSAGES.invalidCredentials);

  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(site.server.url + "/admin/debug-tools");
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(DEBUG_MESSAGES.title);
  expect(await page.getByLabel("Password").count()).toBe(0);
  expect(addresses.filter((url) => url.includes("password") || url.includes(ADMIN.username))).toEqual([]);
  await close();
});

it("opens the mobile menu and follows its links", async () => {
  const { page, close } = await openPage(site.browser, PHONE, { javaScriptEnabled: false });
  await page.goto(site.server.url + "/");
  const menu = page.getByRole("navigation", { name: "Mobile" });
  expect(await menu.isVisible()).toBe(false);
  await page.locator('summary[aria-controls="mobile-menu"]').click();
  expect(await menu.isVisible()).toBe(true);
  // The industries unfold from their one row without JavaScript too.
  await menu.locator("summary", { hasText: "Industries" }).click();
  await menu.getByRole("link", { name: "Theme Parks" }).click();
  await page.waitForURL(/\/industries\/theme-parks$/);
  await close();
});
