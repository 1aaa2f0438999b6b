import { expect, it } from "vitest";
import { API_SCOPES, API_TOKEN_MESSAGES, API_TOKEN_PREFIX, API_TOKEN_SCREEN as M } from "~/shared/api-tokens";
import { DESKTOP, PHONE, waitForHydration } from "../helpers/browser";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * API tokens on the Account tab (docs/decisions/215-api-tokens.md): a token made with a scope,
 * its secret shown once and copied, working as a bearer token, gone from the page after a reload,
 * then revoked behind a confirmation and refused. `TOKEN_SHOTS=<folder>` keeps screenshots of the
 * section on a desktop and a phone.
 */
const ADMIN = { username: "token-maker", password: "a long enough secret" };
const SHOTS = process.env.TOKEN_SHOTS;
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

it("a token made on the account page is shown once, copied, works, and stops once revoked", async () => {
  const url = site.server.url;
  const context = await site.browser.newContext({
    viewport: DESKTOP,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  expect((await page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);

  await page.goto(`${url}/admin/account`);
  await waitForHydration(page);
  const panel = page.getByRole("region", { name: M.heading });
  await panel.getByText(M.none).waitFor();
  await panel.getByLabel(M.name).fill("Release script");
  await panel.getByLabel(API_SCOPES["posts:write"], { exact: false }).check();
  await panel.getByRole("button", { name: M.create }).click();
  const field = panel.getByLabel(M.newToken);
  await field.waitFor();
  const token = await field.inputValue();
  expect(token.startsWith(API_TOKEN_PREFIX)).toBe(true);
  await panel.getByText(API_TOKEN_MESSAGES.shownOnce).waitFor();
  await panel.getByRole("button", { name: M.copy, exact: true }).click();
  await toastTitled(page, M.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const list = panel.getByRole("list", { name: M.heading });
  await list.getByText("Release script").waitFor();
  expect(await list.textContent()).toContain(`${API_SCOPES["content:read"]}, ${API_SCOPES["posts:write"]}`);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/tokens-created-desktop.png`, fullPage: true });
    await panel.screenshot({ path: `${SHOTS}/tokens-section-desktop.png` });
  }

  // A script with the token, no cookie, no Origin.
  const script = await site.browser.newContext();
  const call = () => script.request.get(`${url}/api/cms/posts`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await call()).status()).toBe(200);

  // Shown once: a reload lists the token, never its secret.
  await page.reload();
  await waitForHydration(page);
  await list.getByText("Release script").waitFor();
  expect(await page.content()).not.toContain(token);
  // Used once by the script: the list says when, and that it never expires.
  expect(await list.textContent()).not.toMatch(new RegExp(`${M.columns.lastUsed}: ${M.never}`));
  expect(await list.textContent()).toContain(`${M.columns.expires}: ${M.never}`);

  await page.setViewportSize(PHONE);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/tokens-list-phone.png`, fullPage: true });
    await panel.screenshot({ path: `${SHOTS}/tokens-section-phone.png` });
  }
  await page.setViewportSize(DESKTOP);

  await list.getByRole("button", { name: M.revoke }).click();
  const dialog = page.getByRole("alertdialog");
  expect(await dialog.textContent()).toContain(API_TOKEN_MESSAGES.revokeConfirm("Release script"));
  await dialog.getByRole("button", { name: M.revoke }).click();
  await toastTitled(page, M.revoked);
  await panel.getByText(M.none).waitFor();
  expect((await call()).status()).toBe(401);

  expect(problems).toEqual([]);
  await script.close();
  await context.close();
});
