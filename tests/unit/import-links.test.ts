import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runImport } from "~/server/import/importer";
import { relinkHtml } from "~/server/import/record-links";
import type { Store } from "~/server/records/store";
import { closeStores, storeOf } from "../helpers/cli";
import { ghostExport, LONG_TEXT, WP_ORIGIN, wxr, type WpItem } from "../helpers/import-exports";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

/**
 * Links between an export's posts and pages (docs/decisions/265-links-between-imported-records.md):
 * a link to a page, by its permalink or `?page_id=`, leads to the page's path here, also when that
 * is not its slug's (an address of the site, or a path taken), when the page comes in a later
 * batch, and again on a second run.
 */
afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

const body = `<p>${LONG_TEXT}</p>`;

/** The post's and the pages' links, the post first in the file so its batch comes before theirs. */
function items(): WpItem[] {
  return [
    {
      id: 1,
      title: "Why we moved",
      slug: "why-we-moved",
      content: [
        body,
        `<p>See <a href="${WP_ORIGIN}/?page_id=2">our prices</a>, <a href="${WP_ORIGIN}/blog/">the blog page</a>,`,
        ` <a href="${WP_ORIGIN}/company/careers/#open">open jobs</a>, <a href="${WP_ORIGIN}/?p=2">prices again</a>`,
        ` and <a href="${WP_ORIGIN}/2024/05/03/later-post/">a later post</a>.</p>`,
      ].join(""),
    },
    { id: 2, title: "Pricing", slug: "pricing", type: "page", content: body },
    // Its slug is an address of the site: the page is at /blog-2.
    {
      id: 3,
      title: "Blog",
      slug: "blog",
      type: "page",
      content: `${body}<p>Back to <a href="${WP_ORIGIN}/?page_id=2">prices</a>.</p>`,
    },
    { id: 4, title: "Careers", slug: "careers", type: "page", link: `${WP_ORIGIN}/company/careers/`, content: body },
    { id: 5, title: "Later post", slug: "later-post", content: body },
  ];
}

async function importFile(store: Store, file: string, format: "wordpress" | "ghost", batchSize: number) {
  return runImport({ store, format, file, dryRun: false, batchSize });
}

describe("links to an export's pages", () => {
  it("lead to each page's path here, in the same batch or a later one, and a second run changes nothing", async () => {
    const dir = makeTempDir("import-links-");
    const file = path.join(dir, "old.xml");
    fs.writeFileSync(file, wxr({ items: items() }));
    for (const batchSize of [100, 1]) {
      const store = await storeOf(path.join(dir, `data-${batchSize}`));
      // An earlier page holds /careers: the export's page gets /careers-2.
      await store.createPage({ title: "Ours", path: "/careers", blocks: [] });
      const report = await importFile(store, file, "wordpress", batchSize);
      expect(report.pages.created).toBe(3);
      const pages = new Map((await store.listPages()).map((p) => [(p as { source?: string }).source, p]));
      expect(pages.get("wordpress:3")!.path).toBe("/blog-2");
      expect(pages.get("wordpress:4")!.path).toBe("/careers-2");
      const post = (await store.listPosts()).find((p) => p.source === "wordpress:1")!;
      expect([batchSize, post.content]).toEqual([
        batchSize,
        expect.stringContaining(
          '<a href="/pricing">our prices</a>, <a href="/blog-2">the blog page</a>, <a href="/careers-2#open">open jobs</a>, <a href="/pricing">prices again</a> and <a href="/blog/later-post">a later post</a>',
        ),
      ]);
      expect(pages.get("wordpress:3")!.blocks[0]).toMatchObject({
        html: expect.stringContaining('<a href="/pricing">prices</a>'),
      });

      const again = await importFile(store, file, "wordpress", batchSize);
      expect([again.posts, again.pages]).toEqual([
        { created: 0, updated: 0, unchanged: 2, skipped: 0 },
        { created: 0, updated: 0, unchanged: 3 },
      ]);
    }
  });

  it("a run stopped before its last write leaves links to later pages at addresses that redirect; the next run makes them right", async () => {
    const dir = makeTempDir("import-links-");
    const file = path.join(dir, "old.xml");
    fs.writeFileSync(file, wxr({ items: items() }));
    const store = await storeOf(path.join(dir, "data"));
    // Stopped after its fifth and last batch, as a kill would: the post's links were written
    // before the pages, which had no path yet.
    const stopped = runImport({
      store,
      format: "wordpress",
      file,
      dryRun: false,
      batchSize: 1,
      onBatch: (report) => {
        if (report.items.length === 5) throw new Error("killed");
      },
    });
    await expect(stopped).rejects.toThrow("killed");
    const before = (await store.listPosts()).find((p) => p.source === "wordpress:1")!;
    // Each link to a page is its `/?page_id=`, which leads to the page once it is written.
    expect(before.content).toContain('<a href="/?page_id=2">our prices</a>, <a href="/?page_id=3">the blog page</a>');
    const report = await importFile(store, file, "wordpress", 1);
    expect([report.posts, report.pages.created]).toEqual([{ created: 0, updated: 1, unchanged: 1, skipped: 0 }, 0]);
    const after = (await store.listPosts()).find((p) => p.source === "wordpress:1")!;
    expect(after.content).toContain('<a href="/pricing">our prices</a>, <a href="/blog-2">the blog page</a>');
  });

  it("a Ghost post's link to a Ghost page leads to the page's path, also when its slug is taken", async () => {
    const dir = makeTempDir("import-links-");
    const file = path.join(dir, "ghost.json");
    fs.writeFileSync(
      file,
      ghostExport({
        posts: [
          {
            id: "g1",
            title: "Hello from Ghost",
            slug: "hello",
            html: `${body}<p><a href="__GHOST_URL__/about/">About</a> and <a href="__GHOST_URL__/search/">find</a></p>`,
          },
          { id: "g2", title: "About", slug: "about", html: body, type: "page" },
          { id: "g3", title: "Search", slug: "search", html: body, type: "page" },
        ],
      }),
    );
    const store = await storeOf(path.join(dir, "data"));
    await importFile(store, file, "ghost", 1);
    expect((await store.listPages()).map((p) => p.path).sort()).toEqual(["/about", "/search-2"]);
    const post = (await store.listPosts()).find((p) => p.source === "ghost:g1")!;
    expect(post.content).toContain('<a href="/about">About</a> and <a href="/search-2">find</a>');
  });
});

describe("relinkHtml", () => {
  it("changes each link once, in one pass, keeping its fragment and any other link", () => {
    const html =
      '<p><a href="/a">A</a> <a href="/b#x">B</a> <a class="c" href="/b">B</a> <a href="/c">C</a> <img src="/a"></p>';
    const addresses: Record<string, string> = { "s:a": "/b", "s:b": "/d" };
    const out = relinkHtml(
      html,
      [
        { source: "s:a", href: "/a" },
        { source: "s:b", href: "/b" },
        { source: "s:later", href: "/c" },
      ],
      (source) => addresses[source],
    );
    expect(out.html).toBe(
      '<p><a href="/b">A</a> <a href="/d#x">B</a> <a class="c" href="/d">B</a> <a href="/c">C</a> <img src="/a"></p>',
    );
    expect(out.pending).toEqual([{ source: "s:later", href: "/c" }]);
  });
});
