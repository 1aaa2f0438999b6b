import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { SUBSCRIBERS_MESSAGES, SUBSCRIBERS_SCREEN as M } from "~/shared/subscribers";
import { openScreen } from "../helpers/admin-nav";
import { violations } from "../helpers/axe";
import { DESKTOP, waitForHydration } from "../helpers/browser";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";
import { makeTempDir } from "../helpers/temp-dir";

/**
 * The Subscribers screen (docs/cms-guide.md "Subscribers"): reached from the admin's navigation,
 * a CSV file imported with its consent note (a file with a bad line first, refused by line), the
 * list filtered by status and searched, a reader deleted; axe finds nothing.
 */
const ADMIN = { username: "list-keeper", password: "a long enough secret" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

it("an admin imports a CSV of readers, filters and searches the list, and deletes a reader", async () => {
  const url = site.server.url;
  const folder = makeTempDir("e2e-subscribers-");
  const bad = path.join(folder, "bad.csv");
  fs.writeFileSync(bad, "email,name\nada@example.com,Ada\nnot-an-address,Nobody\n");
  const good = path.join(folder, "readers.csv");
  fs.writeFileSync(good, '\uFEFFemail,name\nada@example.com,Ada\n"grace@example.com","Hopper, Grace"\n');

  const context = await site.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  expect((await page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
  // One reader who subscribed with the form, still pending.
  expect(
    (await page.request.post(`${url}/api/public/subscribe`, { data: { email: "lin@example.com" } })).status(),
  ).toBe(200);

  await page.goto(`${url}/admin/posts`);
  await waitForHydration(page);
  await openScreen(page, M.tab);
  expect(page.url()).toBe(`${url}/admin/subscribers`);
  const list = page.getByRole("region", { name: M.heading });
  await list.getByRole("cell", { name: "lin@example.com", exact: true }).waitFor();

  const importer = page.getByRole("region", { name: M.importHeading });
  await importer.getByLabel(M.file).setInputFiles(bad);
  await importer.getByLabel(M.consent).fill("Sign-up sheet at the 2026 trade fair");
  await importer.getByRole("button", { name: M.importButton }).click();
  await toastTitled(page, M.importFailed.failed);
  await importer.getByText(SUBSCRIBERS_MESSAGES.line(3, SUBSCRIBERS_MESSAGES.emailInvalid("not-an-address"))).waitFor();
  expect(await violations(page)).toEqual([]);

  await importer.getByLabel(M.file).setInputFiles(good);
  await importer.getByLabel(M.consent).fill("Sign-up sheet at the 2026 trade fair");
  await importer.getByRole("button", { name: M.importButton }).click();
  await toastTitled(page, M.importDone);
  await list.getByRole("cell", { name: "grace@example.com", exact: true }).waitFor();
  expect(await list.getByTestId("subscriber-counts").textContent()).toBe(
    M.counts({ all: 3, pending: 1, confirmed: 2, unsubscribed: 0, bouncing: 0 }),
  );
  expect(await list.getByRole("table").textContent()).toContain(M.imported("Sign-up sheet at the 2026 trade fair"));

  await list.getByLabel(M.status).selectOption("pending");
  await expect.poll(() => list.getByRole("row").count()).toBe(2);
  await list.getByRole("cell", { name: "lin@example.com", exact: true }).waitFor();
  await list.getByLabel(M.status).selectOption("");
  await list.getByLabel(M.search).fill("hopper");
  await expect.poll(() => list.getByRole("row").count()).toBe(2);
  await list.getByRole("cell", { name: "grace@example.com", exact: true }).waitFor();

  await list.getByRole("button", { name: M.deleteLabel("grace@example.com") }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: M.delete }).click();
  await toastTitled(page, M.deleted);
  await list.getByText(M.noMatches).waitFor();
  await list.getByLabel(M.search).fill("");
  await list.getByRole("cell", { name: "ada@example.com", exact: true }).waitFor();
  expect(await list.getByRole("cell", { name: "grace@example.com", exact: true }).count()).toBe(0);
  expect(await violations(page)).toEqual([]);

  expect(problems).toEqual([]);
  await context.close();
});
