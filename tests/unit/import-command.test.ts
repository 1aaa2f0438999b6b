import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { IMPORT_MESSAGES } from "~/shared/import";
import { HOME_PAGE_PATH } from "~/shared/pages";
import { cli, closeStores, storeOf } from "../helpers/cli";
import { ghostExport, LONG_TEXT, wxr } from "../helpers/import-exports";
import { makeImage } from "../helpers/images";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

/**
 * `import wordpress|ghost FILE` (docs/operations.md "Moving from WordPress or Ghost"): a file that
 * is no export is exit code 2 with a clear message, a dry run writes nothing, `--media-dir` gives
 * the images, and a second run creates nothing.
 */
afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

const SLOW = 60_000;

function exportFile(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe("npm run import", () => {
  it(
    "refuses a file that is not the export named, with exit code 2, before touching the folder",
    async () => {
      const dir = makeTempDir("import-cli-");
      const dataDir = path.join(dir, "data");
      const json = exportFile(dir, "posts.json", '{"posts": []}');
      const wordpress = await cli(["import", "wordpress", json, "--data", dataDir]);
      expect(wordpress.code).toBe(2);
      expect(wordpress.stderr.trim()).toBe(IMPORT_MESSAGES.notWordPress(json));
      const xml = exportFile(dir, "feed.xml", wxr({ items: [] }));
      const ghost = await cli(["import", "ghost", xml, "--data", dataDir]);
      expect(ghost.code).toBe(2);
      expect(ghost.stderr.trim()).toBe(IMPORT_MESSAGES.notGhost(xml));
      const unknown = await cli(["import", "blogger", xml, "--data", dataDir]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain(IMPORT_MESSAGES.unknownFormat("blogger"));
      expect(fs.existsSync(dataDir)).toBe(false);
    },
    SLOW,
  );

  it(
    "a dry run prints every item and writes nothing; the import takes images from --media-dir; a second run creates nothing",
    async () => {
      const dir = makeTempDir("import-cli-");
      const dataDir = path.join(dir, "data");
      const uploads = path.join(dir, "uploads");
      fs.mkdirSync(path.join(uploads, "2024/05"), { recursive: true });
      fs.writeFileSync(path.join(uploads, "2024/05/front.png"), await makeImage(32, 24, "image/png", 7));
      const file = exportFile(
        dir,
        "old.xml",
        wxr({
          items: [
            {
              id: 5,
              title: "Front door",
              slug: "front-door",
              content: `<p>${LONG_TEXT}</p><p><img src="https://old-blog.example/wp-content/uploads/2024/05/front.png" alt="The front door"></p>`,
            },
            { id: 6, title: "About", slug: "about", type: "page", content: `<p>${LONG_TEXT}</p>` },
          ],
        }),
      );
      const dry = await cli(["import", "wordpress", file, "--dry-run", "--data", dataDir]);
      expect(dry.stderr).toBe("");
      expect(dry.code).toBe(0);
      expect(dry.stdout).toContain('create    wordpress:5 "Front door" -> /blog/front-door');
      expect(dry.stdout).toContain('create    wordpress:6 "About" -> /about');
      expect(dry.stdout).toContain("Would create 1 page, update 0, left 0 as they were.");
      expect(dry.stdout).toContain("Dry run: nothing was written.");
      const afterDry = await storeOf(dataDir);
      expect(await afterDry.listPosts()).toEqual([]);
      // Opening the site for the command made its home page, as a start does; the import made none.
      expect((await afterDry.listPages()).map((p) => p.path)).toEqual([HOME_PAGE_PATH]);
      await closeStores();

      const run = await cli(["import", "wordpress", file, "--media-dir", uploads, "--data", dataDir]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("Created 1 post, updated 0, left 0 as they were, skipped 0.");
      expect(run.stdout).toContain("Created 1 page, updated 0, left 0 as they were.");
      const again = await cli(["import", "wordpress", file, "--media-dir", uploads, "--data", dataDir]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain("Created 0 posts, updated 0, left 1 as they were, skipped 0.");
      expect(again.stdout).toContain("Created 0 pages, updated 0, left 1 as they were.");
      const store = await storeOf(dataDir);
      const [post] = await store.listPosts();
      expect(post!.content).toMatch(/<img src="\/media\/[0-9a-f]{64}\.png" alt="The front door" \/>/);
      expect((await store.listRedirects()).map((r) => [r.path, r.target]).sort()).toEqual([
        ["/2024/05/03/front-door", "/blog/front-door"],
        ["/?p=5", "/blog/front-door"],
        ["/?page_id=6", "/about"],
      ]);
      const imported = (await store.listPages()).filter((p) => p.path !== HOME_PAGE_PATH);
      expect(imported.map((p) => [p.path, p.blocks.length])).toEqual([["/about", 1]]);
    },
    SLOW,
  );

  it(
    "imports a Ghost export",
    async () => {
      const dir = makeTempDir("import-cli-");
      const dataDir = path.join(dir, "data");
      const file = exportFile(
        dir,
        "ghost.json",
        ghostExport({ posts: [{ id: "a1", title: "From Ghost", slug: "from-ghost", html: `<p>${LONG_TEXT}</p>` }] }),
      );
      const run = await cli(["import", "ghost", file, "--data", dataDir]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('create    ghost:a1 "From Ghost" -> /blog/from-ghost');
    },
    SLOW,
  );
});
