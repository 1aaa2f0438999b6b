import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { WEBHOOK_EVENTS, WEBHOOK_SCREEN as M } from "~/shared/webhooks";
import { openScreen } from "../helpers/admin-nav";
import { DESKTOP, PHONE, waitForHydration } from "../helpers/browser";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";

/**
 * The Webhooks screen (docs/decisions/225-signed-webhooks-through-the-outbox.md): reached from the
 * admin's navigation, an endpoint added with its secret shown once, a test sent to a receiver on
 * 127.0.0.1 and its delivery in the log. `WEBHOOK_SHOTS=<folder>` keeps screenshots on a desktop
 * and a phone.
 */
const ADMIN = { username: "hook-keeper", password: "a long enough secret" };
const SHOTS = process.env.WEBHOOK_SHOTS;
const site = useSiteAndBrowser({
  env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, WEBHOOK_ALLOW_PRIVATE: "true" },
});

const received: string[] = [];
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    received.push(body);
    res.end();
  });
});
beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve)));
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

it("an admin adds an endpoint, copies its secret once, sends a test and sees it delivered", async () => {
  const url = site.server.url;
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const context = await site.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  expect((await page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);

  await page.goto(`${url}/admin/posts`);
  await waitForHydration(page);
  await openScreen(page, M.tab);
  expect(page.url()).toBe(`${url}/admin/webhooks`);
  const panel = page.getByRole("region", { name: M.heading });
  await panel.getByText(M.none).waitFor();

  await panel.getByLabel(M.url).fill(hookUrl);
  await panel.getByLabel(WEBHOOK_EVENTS["post.deleted"], { exact: false }).check();
  await panel.getByRole("button", { name: M.add }).click();
  const secret = await panel.getByLabel(M.newSecret).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await panel.getByText(M.shownOnce).waitFor();
  const list = panel.getByRole("list", { name: M.heading });
  await list.getByText(hookUrl).waitFor();
  expect(await list.textContent()).toContain(`${WEBHOOK_EVENTS["post.published"]}, ${WEBHOOK_EVENTS["post.deleted"]}`);
  await panel.getByRole("button", { name: M.done }).click();

  await list.getByRole("button", { name: M.sendTest }).click();
  await toastTitled(page, M.testQueued);
  await expect.poll(() => received.length, { interval: 20 }).toBe(1);
  expect(received[0]).toContain('"event":"webhook.test"');
  // The log, opened by the test, says Delivered once the delivery is recorded.
  await expect
    .poll(
      async () => {
        await list.getByRole("button", { name: M.hideDeliveries }).click();
        await list.getByRole("button", { name: M.deliveries }).click();
        return list.getByRole("table").textContent();
      },
      { interval: 50 },
    )
    .toContain(M.states.delivered);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhooks-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhooks-phone.png`, fullPage: true });

  expect(await page.content()).not.toContain(secret);
  expect(problems).toEqual([]);
  await context.close();
});
