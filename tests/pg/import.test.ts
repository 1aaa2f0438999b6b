import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { homePageBlocks } from "~/shared/home-page";
import { DEFAULT_SITE_CONTENT } from "~/shared/site-defaults";
import { cli } from "../helpers/cli";
import { LONG_TEXT, wxr } from "../helpers/import-exports";
import { startPostgres, type RunningPostgres } from "../helpers/postgres";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { SESSION_SECRET } from "../helpers/two-instances";

/**
 * The import on PostgreSQL (docs/operations.md "Moving from WordPress or Ghost"): the same command
 * with DATABASE_URL, a second run that creates nothing (a page's `source` kept in its row's
 * `extra`), and the redirects table (migration 028) carried by `db export` into db.json's `redirects`.
 */
let server: RunningPostgres;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());
afterEach(() => removeTempDirs());

it("imports into the database, again without creating anything, and db export carries the redirects", async () => {
  const dir = makeTempDir("pg-import-");
  const file = path.join(dir, "old.xml");
  fs.writeFileSync(
    file,
    wxr({
      items: [
        {
          id: 7,
          title: "Kiosk in the database",
          slug: "kiosk-db",
          content: `<p>${LONG_TEXT}</p>`,
          tags: [["kiosks", "Kiosks"]],
        },
        { id: 8, title: "Pricing", slug: "pricing", type: "page", content: `<p>${LONG_TEXT}</p>` },
      ],
    }),
  );
  const env = { DATABASE_URL: await server.createDatabase(), SESSION_SECRET };
  const data = path.join(dir, "data");
  const first = await cli(["import", "wordpress", file, "--data", data], { env });
  expect(first.stderr.replace(/^Batch .*\n/gm, "")).toBe("");
  expect(first.code).toBe(0);
  expect(first.stdout).toContain("Created 1 post, updated 0, left 0 as they were, skipped 0.");
  expect(first.stdout).toContain("Created 1 page, updated 0, left 0 as they were.");
  // The page's `source` is kept in its row's `extra`, so the second run finds it.
  const second = await cli(["import", "wordpress", file, "--data", data], { env });
  expect(second.stdout).toContain("Created 0 posts, updated 0, left 1 as they were, skipped 0.");
  expect(second.stdout).toContain("Created 0 pages, updated 0, left 1 as they were.");
  expect(second.stdout).toContain("Added 0 tags, 0 authors and 0 redirects");

  const out = path.join(dir, "exported");
  const exported = await cli(["db", "export", "--data", out], { env });
  expect(exported.code).toBe(0);
  const db = JSON.parse(fs.readFileSync(path.join(out, "db.json"), "utf8")) as {
    redirects: { path: string; target: string; source?: string }[];
    posts: { source?: string }[];
    pages: { source?: string; path: string; blocks: { type: string }[] }[];
    users: { source?: string; disabled?: boolean }[];
  };
  expect(db.redirects.map((r) => [r.path, r.target, r.source]).sort()).toEqual([
    ["/2024/05/03/kiosk-db", "/blog/kiosk-db", "wordpress:7"],
    ["/?p=7", "/blog/kiosk-db", "wordpress:7"],
    ["/?page_id=8", "/pricing", "wordpress:8"],
  ]);
  // Beside the home page of blocks every site has at / (docs/decisions/280-the-home-page-is-a-page-of-blocks.md).
  expect(db.pages.map((p) => [p.source, p.path, p.blocks.map((b) => b.type)])).toEqual([
    [undefined, "/", homePageBlocks(DEFAULT_SITE_CONTENT.home).map((b) => b.type)],
    ["wordpress:8", "/pricing", ["richText"]],
  ]);
  expect(db.posts.map((p) => p.source)).toEqual(["wordpress:7"]);
  expect(db.users.find((u) => u.source === "wordpress:author:jane")?.disabled).toBe(true);
});
