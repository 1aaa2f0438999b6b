import { afterAll, expect, it } from "vitest";
import { USERS_MESSAGES as M } from "~/app/components/admin/users/users-messages";
import { ACCOUNT_LINK_MESSAGES as L, ACCOUNT_LINK_PATHS } from "~/shared/account-links";
import { violations } from "../helpers/axe";
import { openPage, waitForHydration } from "../helpers/browser";
import { openScreen } from "../helpers/admin-nav";
import { startSmtpServer } from "../helpers/smtp-server";
import { submitSignIn, useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * An invitation accepted and a password reset, in the browser, with the emails caught by a local
 * SMTP server (docs/decisions/230-invitations-and-reset-links.md).
 */
const ADMIN = { username: "head-admin", password: "a long enough secret" };
const SHOTS = process.env.SCREENSHOT_DIR;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

const site = useSiteAndBrowser(async () => {
  smtp = await startSmtpServer();
  return {
    env: {
      ...{ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
      ...{ SMTP_URL: smtp.url, CONTACT_NOTIFY_TO: "sales@example.com" },
    },
  };
});

afterAll(() => smtp?.close());

/** The path and query of the link in the `count`th email, opened on the server under test. */
async function linkInMail(count: number, path: string) {
  await smtp.waitFor(count);
  const text = smtp.received[count - 1]!.raw.replace(/=\r\n/g, "").replace(/=3D/g, "=");
  const link = new RegExp(`${path}\\?token=[\\w-]+`).exec(text)?.[0];
  expect(link).toBeDefined();
  return `${site.server.url}${link}`;
}

it("an invitee chooses a username and password from the emailed link, then resets the password from the sign-in form", async () => {
  const admin = await openPage(site.browser);
  expect((await admin.page.request.post(`${site.server.url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  await admin.page.goto(`${site.server.url}/admin`);
  await waitForHydration(admin.page);
  await openScreen(admin.page, M.tab);
  await admin.page.getByLabel(M.email).fill("grace@example.com");
  await admin.page.getByLabel(M.role, { exact: true }).selectOption("editor");
  await admin.page.getByRole("button", { name: M.invite }).click();
  await admin.page.getByRole("list", { name: M.pendingHeading }).getByText("grace@example.com").waitFor();
  if (SHOTS) await admin.page.screenshot({ path: `${SHOTS}/invitation-sent.png`, fullPage: true });
  expect(admin.problems).toEqual([]);
  await admin.close();

  // The invitee opens the emailed link in a browser of their own.
  const grace = await openPage(site.browser);
  await grace.page.goto(await linkInMail(1, ACCOUNT_LINK_PATHS.invitation));
  await grace.page.getByText(L.invitationIntro("Editor")).waitFor();
  await waitForHydration(grace.page);
  expect(await violations(grace.page)).toEqual([]);
  await grace.page.getByLabel(L.username).fill("grace");
  await grace.page.getByLabel(L.password, { exact: true }).fill("grace's own secret");
  await grace.page.getByLabel(L.confirmPassword).fill("grace's own secret");
  await grace.page.getByRole("button", { name: L.invitationSubmit }).click();
  // Signed in, on the admin.
  await grace.page.getByRole("button", { name: "Logout" }).first().waitFor();
  expect((await grace.page.request.get(`${site.server.url}/api/auth/me`)).status()).toBe(200);

  // Forgotten: another browser asks for a link from the sign-in form.
  const later = await openPage(site.browser);
  await later.page.goto(`${site.server.url}/admin`);
  await waitForHydration(later.page);
  await later.page.getByRole("link", { name: L.forgotLink }).click();
  await later.page.getByLabel(L.emailLabel).fill("grace@example.com");
  await later.page.getByRole("button", { name: L.forgotSubmit }).click();
  await later.page.getByText(L.forgotSent).waitFor();
  expect(await violations(later.page)).toEqual([]);
  await later.page.goto(await linkInMail(2, ACCOUNT_LINK_PATHS.reset));
  await later.page.getByLabel(L.password, { exact: true }).fill("grace's new secret");
  await later.page.getByLabel(L.confirmPassword).fill("grace's new secret");
  await later.page.getByRole("button", { name: L.resetSubmit }).click();
  await later.page.getByRole("heading", { name: L.resetDone }).waitFor();
  await waitForHydration(later.page);
  await submitSignIn(later.page, { username: "grace", password: "grace's new secret" });
  await later.page.getByRole("button", { name: "Logout" }).first().waitFor();

  // The session from the invitation ended with the reset.
  expect((await grace.page.request.get(`${site.server.url}/api/auth/me`)).status()).toBe(401);
  expect(grace.problems).toEqual([]);
  expect(later.problems).toEqual([]);
  await grace.close();
  await later.close();
});
