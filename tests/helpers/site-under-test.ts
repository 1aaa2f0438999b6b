import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { DESKTOP, launchBrowser, newLocalContext, openPage, waitForHydration } from "./browser";
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

type Credentials = { username: string; password: string };
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * Pages signed in as a user, for the tests of a file that need a session but do not test the
 * sign-in itself. The first page for a user signs in through `/api/auth/login`; later ones start
 * in a new context with that session's cookie, so each check still gets a fresh page while the
 * server hashes the password (scrypt at its production cost, most of a second) once per user and
 * file rather than once per test. A test that signs out, changes the password or counts sessions
 * must sign in on its own instead.
 */
export function signedInPages(site: { server: RunningServer; browser: Browser }) {
  const sessions = new Map<string, Promise<StorageState>>();
  const sessionOf = (user: Credentials) => {
    let session = sessions.get(user.username);
    if (!session) {
      session = (async () => {
        const context = await newLocalContext(site.browser);
        try {
          const res = await context.request.post(`${site.server.url}/api/auth/login`, { data: user });
          expect(res.status()).toBe(200);
          return await context.storageState();
        } finally {
          await context.close();
        }
      })();
      // A failed sign-in is not kept: the next test asks again and reports its own failure.
      session.catch(() => sessions.delete(user.username));
      sessions.set(user.username, session);
    }
    return session;
  };
  const signedIn = async (user: Credentials, viewport = DESKTOP) =>
    openPage(site.browser, viewport, { storageState: await sessionOf(user) });
  // For a context a test makes itself (e.g. two tabs of one browser): `{ storageState }` of its options.
  return Object.assign(signedIn, { storageState: sessionOf });
}

/** Fills the sign-in form on the page and presses Login. */
export async function submitSignIn(page: Page, { username, password }: Credentials) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Opens a signed-in page's sign-in form at `url` and signs in; waits for the toast titled `successTitle`. */
export async function signInAt(page: Page, url: string, credentials: Credentials, successTitle: string) {
  await page.goto(url);
  await waitForHydration(page);
  await submitSignIn(page, credentials);
  await toastTitled(page, successTitle);
}

/**
 * `useSiteAndBrowser` on a new data folder whose first admin comes from the CLI
 * (`npm run users -- create`), made before the server holds the folder; the folder is removed
 * once the server has stopped.
 */
export function useSiteWithCliAdmin(admin: Credentials, folderPrefix: string) {
  let dataDir: string;
  // Registered first so it runs last (after hooks run in reverse), once the server has stopped.
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  return useSiteAndBrowser(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), folderPrefix));
    execFileSync(
      "npm",
      ["run", "--silent", "users", "--", "create", "--username", admin.username, "--role", "admin", "--password-stdin"],
      {
        input: `${admin.password}\n`,
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    return Promise.resolve({ dataDir });
  });
}
