import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { IMPORT_SCREEN as M } from "~/shared/import";
import { REDIRECT_SCREEN as R } from "~/shared/redirects";
import { openScreen } from "../helpers/admin-nav";
import { violations } from "../helpers/axe";
import { DESKTOP, waitForHydration } from "../helpers/browser";
import { LONG_TEXT, wxr } from "../helpers/import-exports";
import { toastTitled, useSiteAndBrowser } from "../helpers/site-under-test";
import { makeTempDir } from "../helpers/temp-dir";

/**
 * The Import screen and the Redirects panel (docs/cms-guide.md): an admin uploads a WordPress
 * export, reads the dry run's report, imports, finds the old address in the Redirects panel, and
 * the old address leads a reader to the post.
 */
const ADMIN = { username: "mover", password: "a long enough secret" };
const site = useSiteAndBrowser({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });

it("an admin checks a WordPress export with a dry run, imports it, and its old address leads to the post", async () => {
  const url = site.server.url;
  const file = path.join(makeTempDir("e2e-import-"), "old-blog.xml");
  fs.writeFileSync(
    file,
    wxr({
      items: [
        { id: 42, title: "Moved from WordPress", slug: "moved-here", content: `<p>${LONG_TEXT}</p>` },
        { id: 43, title: "About us", slug: "about-us", type: "page", content: `<p>${LONG_TEXT}</p>` },
      ],
    }),
  );
  const context = await site.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  expect((await page.request.post(`${url}/api/auth/login`, { data: ADMIN })).status()).toBe(200);

  await page.goto(`${url}/admin/posts`);
  await waitForHydration(page);
  await openScreen(page, M.tab);
  expect(page.url()).toBe(`${url}/admin/import`);
  const panel = page.getByRole("region", { name: M.heading });
  await panel.getByLabel(M.wordpress).check();
  await panel.getByLabel(M.file).setInputFiles(file);
  await panel.getByRole("button", { name: M.dryRun }).click();
  await toastTitled(page, M.dryRunDone);
  const summary = panel.getByTestId("import-summary");
  expect(await summary.textContent()).toContain("Would create 1 post");
  const table = panel.getByRole("table");
  expect(await table.textContent()).toContain("Moved from WordPress");
  expect(await table.textContent()).toContain("About us");
  // Nothing written yet.
  expect((await page.request.get(`${url}/blog/moved-here`)).status()).toBe(404);

  await panel.getByRole("button", { name: M.run, exact: true }).click();
  await toastTitled(page, M.done);
  expect(await summary.textContent()).toContain("Created 1 post");
  expect(await violations(page)).toEqual([]);

  await openScreen(page, R.tab);
  expect(page.url()).toBe(`${url}/admin/redirects`);
  const redirects = page.getByRole("region", { name: R.heading });
  await redirects.getByText("/?p=42").waitFor();
  expect(await redirects.getByRole("table").textContent()).toContain("/blog/moved-here");
  expect(await violations(page)).toEqual([]);

  const reader = await site.browser.newContext({ viewport: DESKTOP });
  const visit = await reader.newPage();
  const answer = await visit.goto(`${url}/2024/05/03/moved-here/`);
  expect(answer?.status()).toBe(200);
  expect(visit.url()).toBe(`${url}/blog/moved-here`);
  await visit.getByRole("heading", { name: "Moved from WordPress" }).waitFor();
  await reader.close();
  expect(problems).toEqual([]);
  await context.close();
});
