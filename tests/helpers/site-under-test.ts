import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { launchBrowser, waitForHydration } from "./browser";
import { startServer, type RunningServer } from "./running-server";

type StartOptions = Parameters<typeof startServer>[0];

/**
 * One built server and one Chromium for a browser-test file: started before its tests (options
 * may be computed then, e.g. after making a data folder), stopped after them, and the server
 * must exit cleanly (code 0) on SIGTERM.
 */
export function useSiteAndBrowser(options: StartOptions | (() => Promise<StartOptions>) = {}) {
  const site = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    const resolved = typeof options === "function" ? await options() : options;
    [site.server, site.browser] = await Promise.all([startServer(resolved), launchBrowser()]);
  });
  afterAll(async () => {
    await site.browser?.close();
    expect(await site.server?.stop()).toBe(0);
  });
  return site;
}

/** Waits for a toast with this title in Radix's notifications region (its text is announced twice). */
export function toastTitled(page: Page, title: string): Promise<void> {
  return page
    .getByRole("region", { name: /Notifications/ })
    .getByText(title, { exact: true })
    .first()
    .waitFor();
}

/** Opens a signed-in page's sign-in form at `url` and signs in; waits for the success toast. */
export async function signInAt(
  page: Page,
  url: string,
  { username, password }: { username: string; password: string },
  successTitle: string,
) {
  await page.goto(url);
  await waitForHydration(page);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await toastTitled(page, successTitle);
}
