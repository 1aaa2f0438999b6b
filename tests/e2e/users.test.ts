import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { ACCOUNT_MESSAGES, USERS_MESSAGES as M } from "~/app/components/admin/users/users-messages";
import { AUTH_FORM_MESSAGES, PASSWORD_CHANGE_MESSAGES } from "~/shared/schemas";
import { USER_ADMIN_MESSAGES } from "~/shared/user-admin";
import { DESKTOP, PHONE, openPage, waitForHydration } from "../helpers/browser";
import { signedInPages, toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";
import { adminNav, openScreen } from "../helpers/admin-nav";

/** The Users tab and the Account panel (docs/decisions/022-users-and-accounts.md). */
const ADMIN = { username: "head-admin", password: "a long enough secret" };
const SHOTS = process.env.SCREENSHOT_DIR;

const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

/** The head admin's one session, which no test ends, serves the whole file. */
const adminPage = signedInPages(site);

/**
 * A page on /admin signed in as `user`. Bob and cyd sign in for each page: their sessions are
 * counted, ended and outlived by a password change.
 */
async function signedIn(user: { username: string; password: string }, viewport = DESKTOP) {
  let opened: Awaited<ReturnType<typeof openPage>>;
  if (user === ADMIN) opened = await adminPage(user, viewport);
  else {
    opened = await openPage(site.browser, viewport);
    expect((await opened.page.request.post(`${site.server.url}/api/auth/login`, { data: user })).status()).toBe(200);
  }
  await opened.page.goto(`${site.server.url}/admin`);
  await waitForHydration(opened.page);
  return opened;
}

const row = (page: Page, username: string) =>
  page.getByRole("list", { name: M.heading }).getByRole("listitem", { name: username, exact: true });
const meStatus = async (page: Page) => (await page.request.get(`${site.server.url}/api/auth/me`)).status();

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

it("an admin invites a user, changes the role, sends a reset link, ends sessions, disables and deletes them", async () => {
  const { page, problems, close } = await signedIn(ADMIN);
  await openScreen(page, M.tab);
  await row(page, ADMIN.username).getByText(M.you).waitFor();

  // Invite a writer: with no SMTP here, the link is shown to copy; bob chooses his own password.
  await page.getByLabel(M.email).fill("bob@example.com");
  await page.getByLabel(M.role, { exact: true }).selectOption("writer");
  await page.getByRole("button", { name: M.invite }).click();
  const invitation = await page.getByLabel(M.invitationLink("bob@example.com")).inputValue();
  await page.getByRole("list", { name: M.pendingHeading }).getByText("bob@example.com").waitFor();
  const token = (link: string) => new URL(link).searchParams.get("token");
  // Sent from outside this browser, whose cookie stays the admin's.
  const post = (path: string, body: object) =>
    fetch(`${site.server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const accepted = await post("/api/auth/accept-invitation", {
    ...{ token: token(invitation), username: "bob", password: "bob's first password" },
  });
  expect(accepted.status).toBe(201);
  await openScreen(page, "Posts");
  await openScreen(page, M.tab);
  await row(page, "bob").waitFor();

  // Make bob an admin.
  await row(page, "bob").getByLabel(M.roleFor("bob")).selectOption("admin");
  await toastTitled(page, M.roleChanged("bob", "admin").title);

  // A reset link for bob, who chooses a new password with it and signs in elsewhere.
  await row(page, "bob").getByRole("button", { name: M.sendResetLink, exact: true }).click();
  const resetLink = await row(page, "bob").getByLabel(M.resetLinkLabel("bob")).inputValue();
  const reset = await post("/api/auth/reset", { token: token(resetLink), password: "bob's second password" });
  expect(reset.status).toBe(200);
  const bo = await signedIn({ username: "bob", password: "bob's second password" });
  await openScreen(page, "Posts");
  await openScreen(page, M.tab);
  await row(page, "bob").getByText(M.sessions(1)).waitFor();
  await shot(page, "users-desktop");

  // End bob's sessions: bob is signed out.
  await row(page, "bob").getByRole("button", { name: M.endSessions }).click();
  await toastTitled(page, M.sessionsEnded("bob", 1).title);
  expect(await meStatus(bo.page)).toBe(401);

  // Disable bob: signing in is refused.
  await row(page, "bob").getByRole("button", { name: M.disable }).click();
  await toastTitled(page, M.disabledToast("bob").title);
  await row(page, "bob").getByText(M.disabled, { exact: true }).waitFor();
  const refused = await bo.page.request.post(`${site.server.url}/api/auth/login`, {
    data: { username: "bob", password: "bob's second password" },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(AUTH_FORM_MESSAGES.accountDisabled);
  await bo.close();

  // The head admin is the last enabled admin: demoting them is refused with the server's words.
  await row(page, ADMIN.username).getByLabel(M.roleFor(ADMIN.username)).selectOption("writer");
  await toastTitled(page, M.actionFailed.failed);
  await page.getByText(USER_ADMIN_MESSAGES.lastAdmin).first().waitFor();
  await expect.poll(() => row(page, ADMIN.username).getByLabel(M.roleFor(ADMIN.username)).inputValue()).toBe("admin");

  // Delete bob, after confirming.
  await row(page, "bob")
    .getByRole("button", { name: `${M.delete} bob` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: M.deleteConfirm.action }).click();
  await toastTitled(page, M.deleted("bob").title);
  await expect.poll(() => row(page, "bob").count()).toBe(0);
  expect(problems.filter((p) => !p.includes("status of 409"))).toEqual([]);
  await close();
});

it("a writer has no Users tab; their Account panel changes the password and signs out everywhere", async () => {
  const admin = await signedIn(ADMIN);
  const created = await admin.page.request.post(`${site.server.url}/api/admin/users`, {
    data: { username: "cyd", password: "cyd's old password", role: "writer" },
  });
  expect(created.status()).toBe(201);
  await admin.close();

  const { page, problems, close } = await signedIn({ username: "cyd", password: "cyd's old password" }, PHONE);
  const elsewhere = await signedIn({ username: "cyd", password: "cyd's old password" });
  expect(await adminNav(page).getByRole("link", { name: M.tab, exact: true }).count()).toBe(0);
  await openScreen(page, ACCOUNT_MESSAGES.tab);
  await page.getByRole("heading", { name: ACCOUNT_MESSAGES.heading }).waitFor();

  // The wrong current password: said under the field, nothing changes.
  await page.getByLabel(ACCOUNT_MESSAGES.currentPassword).fill("not my password");
  await page.getByLabel(ACCOUNT_MESSAGES.newPassword, { exact: true }).fill("cyd's new password");
  await page.getByLabel(ACCOUNT_MESSAGES.confirmPassword).fill("cyd's new password");
  await page.getByRole("button", { name: ACCOUNT_MESSAGES.changePassword }).click();
  await page.getByText(PASSWORD_CHANGE_MESSAGES.wrongCurrentPassword).first().waitFor();
  await shot(page, "account-phone");

  // Mismatched confirmation is caught before sending.
  await page.getByLabel(ACCOUNT_MESSAGES.currentPassword).fill("cyd's old password");
  await page.getByLabel(ACCOUNT_MESSAGES.confirmPassword).fill("something else");
  await page.getByRole("button", { name: ACCOUNT_MESSAGES.changePassword }).click();
  await page.getByText(AUTH_FORM_MESSAGES.passwordsDiffer).waitFor();

  await page.getByLabel(ACCOUNT_MESSAGES.confirmPassword).fill("cyd's new password");
  await page.getByRole("button", { name: ACCOUNT_MESSAGES.changePassword }).click();
  await toastTitled(page, ACCOUNT_MESSAGES.changed.title);
  expect(await meStatus(page)).toBe(200);
  expect(await meStatus(elsewhere.page)).toBe(401);
  await elsewhere.close();

  // Sign out everywhere: back to the sign-in form, and the session is gone on the server.
  await page.getByRole("button", { name: ACCOUNT_MESSAGES.everywhere }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: ACCOUNT_MESSAGES.everywhereConfirm.action }).click();
  await toastTitled(page, ACCOUNT_MESSAGES.signedOutEverywhere.title);
  await page.getByRole("button", { name: "Login" }).waitFor();
  expect(await meStatus(page)).toBe(401);
  const again = await page.request.post(`${site.server.url}/api/auth/login`, {
    data: { username: "cyd", password: "cyd's new password" },
  });
  expect(again.status()).toBe(200);
  expect(problems.filter((p) => !p.includes("status of 400"))).toEqual([]);
  await close();
});

it("the Users tab fits a phone", async () => {
  const { page, problems, close } = await signedIn(ADMIN, PHONE);
  await openScreen(page, M.tab);
  await row(page, ADMIN.username).waitFor();
  await row(page, "cyd").waitFor();
  await shot(page, "users-phone");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const last = await row(page, "cyd")
    .getByRole("button", { name: `${M.delete} cyd` })
    .boundingBox();
  expect(last!.x + last!.width).toBeLessThanOrEqual(PHONE.width);
  expect(problems).toEqual([]);
  await close();
});
