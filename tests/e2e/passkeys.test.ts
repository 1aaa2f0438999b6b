import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { PASSKEY_SCREEN as M, PASSKEY_SIGN_IN } from "~/shared/passkeys";
import { SIGN_IN_CODE_SCREEN } from "~/shared/two-factor";
import { DESKTOP, waitForHydration } from "../helpers/browser";
import { freePort } from "../helpers/free-port";
import { submitSignIn, toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * Passkeys in Chromium (docs/decisions/240-passkeys-in-the-user-record.md), with the DevTools
 * protocol's virtual authenticator (https://chromedevtools.github.io/devtools-protocol/tot/WebAuthn/)
 * standing in for a phone or a laptop's screen lock: added on the Account tab, signing in instead
 * of the password, answering the second factor of a role that requires one, renamed and removed.
 * A passkey belongs to a host name, never to an address (Chromium refuses an IP as the relying
 * party), so the site is opened at http://localhost:PORT, its PUBLIC_URL.
 */
const ADMIN = { username: "passkeys-admin", password: "a long enough secret" };
const WRITER = { username: "passkeys-writer", password: "another long secret" };

let origin = "";
const site = useSiteAndBrowser(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  return {
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, PORT: String(port), PUBLIC_URL: origin },
  };
});

/** A user-verifying platform authenticator that keeps discoverable credentials, as a passkey's device does. */
async function withVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function logout(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("button", { name: "Login" }).waitFor();
}

it("adds a passkey on the account page, signs in with it, answers a required second factor with it, renames and removes it", async () => {
  const problems: string[] = [];
  // The admin makes the writer's account.
  const adminContext = await site.browser.newContext({ viewport: DESKTOP });
  const admin = adminContext.request;
  expect((await admin.post(`${origin}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  const made = await admin.post(`${origin}/api/auth/register`, { data: { ...WRITER, role: "writer" } });
  expect(made.status()).toBe(201);

  const context = await site.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  await withVirtualAuthenticator(page);

  // Signed in with the password, the writer adds a passkey on the Account tab.
  await page.goto(`${origin}/admin/account`);
  await waitForHydration(page);
  await submitSignIn(page, WRITER);
  await toastTitled(page, ADMIN_MESSAGES.loginSuccess.title);
  const panel = page.getByRole("region", { name: M.heading });
  await panel.getByText(M.none).waitFor();
  await panel.getByLabel(M.name).fill("Laptop");
  await panel.getByRole("button", { name: M.add }).click();
  await toastTitled(page, M.added);
  const list = panel.getByRole("list", { name: M.heading });
  await list.getByText("Laptop", { exact: true }).waitFor();

  // Renamed in place.
  await list.getByRole("button", { name: `${M.rename} Laptop` }).click();
  await list.getByLabel(M.name).fill("Work laptop");
  await list.getByRole("button", { name: M.save }).click();
  await toastTitled(page, M.renamed);
  await list.getByText("Work laptop", { exact: true }).waitFor();

  // Signed out, then in again with the passkey alone: no username, no password.
  await logout(page);
  await page.getByRole("button", { name: PASSKEY_SIGN_IN.signIn }).click();
  await toastTitled(page, ADMIN_MESSAGES.loginSuccess.title);
  await page.getByRole("button", { name: "Logout" }).waitFor();
  await logout(page);

  // Writers must now sign in with a second factor: the passkey is this writer's, with no app set up.
  const required = await admin.put(`${origin}/api/admin/two-factor`, { data: { roles: ["writer"] } });
  expect(required.status()).toBe(200);
  await submitSignIn(page, WRITER);
  const usePasskey = page.getByRole("button", { name: PASSKEY_SIGN_IN.secondFactor });
  await usePasskey.waitFor();
  // No authenticator app: the form asks for no code.
  expect(await page.getByLabel(SIGN_IN_CODE_SCREEN.code).count()).toBe(0);
  await usePasskey.click();
  await toastTitled(page, ADMIN_MESSAGES.loginSuccess.title);

  // Through to the admin (not the set-up screen), where the passkey is removed.
  await page.goto(`${origin}/admin/account`);
  await waitForHydration(page);
  const signedInList = page.getByRole("region", { name: M.heading }).getByRole("list", { name: M.heading });
  await signedInList.getByText("Work laptop", { exact: true }).waitFor();
  await signedInList.getByRole("button", { name: `${M.remove} Work laptop` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: M.remove }).click();
  await toastTitled(page, M.removed);
  await page.getByRole("region", { name: M.heading }).getByText(M.none).waitFor();

  expect(problems).toEqual([]);
  await Promise.all([context.close(), adminContext.close()]);
});
