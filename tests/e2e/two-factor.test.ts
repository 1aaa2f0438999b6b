import { Secret, TOTP as Totp } from "otpauth";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { RECOVERY_CODE_COUNT, SIGN_IN_CODE_SCREEN, TOTP, TWO_FACTOR_SCREEN as M } from "~/shared/two-factor";
import { DESKTOP, waitForHydration } from "../helpers/browser";
import { submitSignIn, toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * Two-factor sign-in in the browser (docs/decisions/220-two-factor-secrets-in-the-user-record.md):
 * set up on the Account tab from the QR code's secret, confirmed with a code, the recovery codes
 * shown once; then a new browser signs in with the password and a code, as the form asks.
 * `TWO_FACTOR_SHOTS=<folder>` keeps screenshots of the set-up and of the sign-in's code step.
 */
const SHOTS = process.env.TWO_FACTOR_SHOTS;
const ADMIN = { username: "two-factor-admin", password: "a long enough secret" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

const stepNow = () => Totp.counter({ period: TOTP.period, timestamp: Date.now() });
const codeAt = (secret: string, step: number) =>
  Totp.generate({ secret: Secret.fromBase32(secret), timestamp: step * TOTP.period * 1000 });

it("sets up two-factor sign-in on the account page, then signs in with a code", async () => {
  const url = site.server.url;
  const problems: string[] = [];
  const context = await site.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  expect((await page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);

  await page.goto(`${url}/admin/account`);
  await waitForHydration(page);
  const panel = page.getByRole("region", { name: M.heading });
  await panel.getByText(M.statusOff).waitFor();
  await panel.getByRole("button", { name: M.start }).click();
  // The QR code is an inline SVG drawn in the page.
  await panel.getByRole("img", { name: M.qrLabel }).locator("svg").waitFor();
  const secret = await panel.getByLabel(M.secret).inputValue();
  if (SHOTS) await panel.screenshot({ path: `${SHOTS}/two-factor-setup.png` });
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enabledStep = stepNow();
  await panel.getByLabel(M.code).fill(codeAt(secret, enabledStep));
  await panel.getByRole("button", { name: M.enable }).click();
  await toastTitled(page, M.enabled);
  const codes = panel.getByRole("list", { name: M.recoveryHeading });
  await codes.waitFor();
  expect(await codes.getByRole("listitem").count()).toBe(RECOVERY_CODE_COUNT);
  if (SHOTS) await panel.screenshot({ path: `${SHOTS}/two-factor-recovery-codes.png` });
  await panel.getByRole("button", { name: M.done }).click();
  await codes.waitFor({ state: "detached" });
  await panel.getByText(M.recoveryLeft(RECOVERY_CODE_COUNT), { exact: false }).waitFor();

  // Another browser: the password, then the code the form asks for.
  const other = await site.browser.newContext({ viewport: DESKTOP });
  const signIn = await other.newPage();
  signIn.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  await signIn.goto(`${url}/admin`);
  await waitForHydration(signIn);
  await submitSignIn(signIn, ADMIN);
  const code = signIn.getByLabel(SIGN_IN_CODE_SCREEN.code);
  await code.waitFor();
  expect(await signIn.getByLabel(SIGN_IN_CODE_SCREEN.remember).isChecked()).toBe(false);
  if (SHOTS) await signIn.screenshot({ path: `${SHOTS}/two-factor-sign-in-code.png` });
  // A step after the one the set-up took: each step is taken once.
  await code.fill(codeAt(secret, Math.max(enabledStep + 1, stepNow())));
  await signIn.getByRole("button", { name: SIGN_IN_CODE_SCREEN.submit }).click();
  await toastTitled(signIn, ADMIN_MESSAGES.loginSuccess.title);
  await signIn.getByRole("button", { name: "Logout" }).waitFor();

  expect(problems).toEqual([]);
  await Promise.all([context.close(), other.close()]);
});
