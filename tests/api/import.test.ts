import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_MESSAGES, type ImportReport } from "~/shared/import";
import { MAX_UPLOAD_BYTES, MEDIA_MESSAGES } from "~/shared/media";
import { HOME_PAGE_PATH } from "~/shared/pages";
import { forbiddenMessage } from "~/shared/permissions";
import { REDIRECT_MESSAGES } from "~/shared/redirects";
import { NO_PASSWORD } from "~/server/import/import-changes";
import { ghostExport, LONG_TEXT, wxr, type WpItem } from "../helpers/import-exports";
import { blankPng, makeImage } from "../helpers/images";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/** The pages an import made: every site also has its home page of blocks at "/". */
const importedPages = async (app: TestApp) =>
  (await app.store.listPages()).filter((page) => page.path !== HOME_PAGE_PATH);

/**
 * Moving in from WordPress and Ghost (docs/operations.md "Moving from WordPress or Ghost"): the
 * admin's import call on exports the tests write, what comes across of each status, post type,
 * shortcode, embed and image, the dry run, a second run, and the old addresses answering 301.
 */

/** The old site's images, served on 127.0.0.1 (the import is allowed private addresses here). */
async function imageServer() {
  const png = await makeImage(40, 30, "image/png", 3);
  const jpeg = await makeImage(60, 40, "image/jpeg", 5);
  const gallery = await makeImage(20, 20, "image/png", 9);
  const server: Server = createServer((req, res) => {
    const files: Record<string, [Buffer, string]> = {
      "/wp-content/uploads/2024/05/kiosk.png": [png, "image/png"],
      "/wp-content/uploads/2024/05/cover.jpg": [jpeg, "image/jpeg"],
      "/wp-content/uploads/2024/05/gallery.png": [gallery, "image/png"],
    };
    const file = files[req.url ?? ""];
    res.statusCode = file ? 200 : 404;
    if (file) res.setHeader("Content-Type", file[1]);
    res.end(file?.[0]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((r) => server.close(r)) };
}

function wordpressItems(images: string): WpItem[] {
  const body = `<p>${LONG_TEXT}</p>`;
  return [
    {
      id: 10,
      title: "Our new kiosk",
      slug: "our-new-kiosk",
      status: "publish",
      excerpt: "The kiosk that tells you how long you will wait.",
      content: `<!-- wp:paragraph -->\n${body}\n<!-- /wp:paragraph -->\n<!-- wp:image -->\n<figure class="wp-block-image"><img src="${images}/wp-content/uploads/2024/05/kiosk.png" alt="A kiosk at the door" class="wp-image-30"/></figure>\n<!-- /wp:image -->\n<p>See <a href="https://old-blog.example/2024/05/04/opening-hours/">our hours</a> and <a href="https://old-blog.example/?p=12">the draft</a>.</p>\n<p>Read <a href="https://old-blog.example/?page_id=20">our prices</a>, <a href="https://old-blog.example/pricing/">the same</a> and <a href="https://old-blog.example/blog/">our blog page</a>.</p>`,
      categories: [["retail", "Retail"]],
      tags: [["kiosks", "Kiosks"]],
      thumbnailId: 31,
    },
    {
      id: 11,
      title: "Opening hours",
      slug: "opening-hours",
      date: "2024-05-04 08:30:00",
      modified: "2024-05-06 12:15:00",
      status: "publish",
      // Classic editor text: paragraphs as blank lines, shortcodes of every kind.
      content: `${LONG_TEXT}\n\n[caption id="attachment_30" align="alignnone" width="300"]<img src="${images}/wp-content/uploads/2024/05/kiosk.png" alt="Kiosk" width="300" height="200" /> The kiosk by the door[/caption]\n\n[embed]https://www.youtube.com/watch?v=dQw4w9WgXcQ[/embed]\n\nhttps://vimeo.com/76979871\n\n<iframe src="https://player.vimeo.com/video/22439234" width="640" height="360"></iframe>\n\n<iframe src="https://maps.example/embed?q=1"></iframe>\n\n[gallery ids="32,33"]\n\n[contact-form-7 id="5"]Write to us[/contact-form-7]\n\n<img src="${images}/wp-content/uploads/2024/05/missing.png" alt="Gone">`,
    },
    { id: 12, title: "A draft", slug: "a-draft", status: "draft", content: body },
    { id: 13, title: "Next week", slug: "next-week", status: "future", date: "2030-01-01 09:00:00", content: body },
    { id: 14, title: "Waiting for review", slug: "waiting", status: "pending", content: body },
    { id: 15, title: "Private notes", slug: "private-notes", status: "private", content: body },
    { id: 16, title: "Members only", slug: "members-only", status: "publish", password: "secret", content: body },
    { id: 17, title: "", slug: "status-update", status: "publish", content: "Short." },
    { id: 18, title: "Binned", slug: "binned", status: "trash", content: body },
    { id: 19, title: "Auto draft", status: "auto-draft", content: "" },
    { id: 20, title: "Pricing", slug: "pricing", type: "page", status: "publish", content: body },
    { id: 22, title: "Team", slug: "team", type: "page", status: "draft", content: body },
    // Its slug is an address of the site here: the page gets another path.
    { id: 23, title: "Our blog", slug: "blog", type: "page", status: "publish", content: `<p>${LONG_TEXT}</p>` },
    { id: 21, title: "Menu", type: "nav_menu_item", status: "publish" },
    {
      id: 31,
      title: "cover",
      type: "attachment",
      status: "inherit",
      attachmentUrl: `${images}/wp-content/uploads/2024/05/cover.jpg`,
      alt: "The shop front",
    },
    {
      id: 32,
      title: "gallery one",
      type: "attachment",
      status: "inherit",
      attachmentUrl: `${images}/wp-content/uploads/2024/05/gallery.png`,
      alt: "First of the gallery",
    },
    {
      id: 33,
      title: "gallery two",
      type: "attachment",
      status: "inherit",
      attachmentUrl: `${images}/wp-content/uploads/2024/05/kiosk.png`,
      alt: "Second of the gallery",
    },
  ];
}

describe("importing a WordPress export", () => {
  let t: TestApp;
  let admin: { cookie: string };
  let images: Awaited<ReturnType<typeof imageServer>>;
  let file: Buffer;
  beforeAll(async () => {
    images = await imageServer();
    t = await makeTestApp({ env: { IMPORT_ALLOW_PRIVATE: "true" } });
    admin = await signedIn(t, "admin");
    file = Buffer.from(wxr({ items: wordpressItems(images.base) }));
  });
  afterAll(async () => {
    await t.close();
    await images.close();
  });
  const send = (body: Buffer, { dryRun = false, format = "wordpress", cookie = admin.cookie } = {}) =>
    request(t.app)
      .post(`/api/admin/import${dryRun ? "?dryRun=1" : ""}`)
      .set("Cookie", cookie)
      .field("format", format)
      .attach("file", body, { filename: "old-blog.WordPress.xml" });
  const item = (report: ImportReport, source: string) => report.items.find((i) => i.source === source)!;

  it("refuses anyone but an admin, and a file that is not WXR", async () => {
    const editor = await signedIn(t, "editor");
    const denied = await send(file, { cookie: editor.cookie });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(forbiddenMessage("import.run"));
    const notWxr = await send(Buffer.from('{"posts": []}'));
    expect(notWxr.status).toBe(400);
    expect(notWxr.body.message).toBe(IMPORT_MESSAGES.notWordPress("old-blog.WordPress.xml"));
    const feed = await send(Buffer.from('<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>'));
    expect(feed.body.message).toBe(IMPORT_MESSAGES.notWordPress("old-blog.WordPress.xml"));
  });

  it("a dry run reports every item and writes nothing", async () => {
    // Left by an earlier release's import, which led a page's old address home.
    const earlier = await t.store.addRedirect({ path: "/team", target: "/", source: "wordpress:22" });
    const res = await send(file, { dryRun: true });
    expect(res.status).toBe(200);
    const report = res.body as ImportReport;
    expect(report.dryRun).toBe(true);
    expect(report.posts).toEqual({ created: 8, updated: 0, unchanged: 0, skipped: 3 });
    expect(report.pages).toEqual({ created: 3, updated: 0, unchanged: 0 });
    expect(report.tags.created).toBe(2);
    expect(report.authors.created).toBe(1);
    expect(item(report, "wordpress:20")).toMatchObject({ action: "create", path: "/pricing" });
    expect(item(report, "wordpress:23").path).toBe("/blog-2");
    expect(item(report, "wordpress:23").notes).toEqual([IMPORT_MESSAGES.pagePathTaken("/blog-2", "/blog")]);
    expect(item(report, "wordpress:18").notes).toEqual([IMPORT_MESSAGES.statusSkipped("trash")]);
    expect(item(report, "wordpress:21").notes).toEqual([IMPORT_MESSAGES.typeSkipped("nav_menu_item")]);
    expect(await t.store.listPosts()).toEqual([]);
    expect(await importedPages(t)).toEqual([]);
    expect(await t.store.listTags()).toEqual([]);
    expect(await t.store.listRedirects()).toEqual([earlier]);
    expect((await t.store.listUsers()).length).toBe(2);
  });

  it("brings the posts across with their statuses, tags, author, images and cleaned content", async () => {
    const res = await send(file);
    expect(res.status).toBe(200);
    const report = res.body as ImportReport;
    expect(report.posts).toEqual({ created: 8, updated: 0, unchanged: 0, skipped: 3 });
    expect(report.pages).toEqual({ created: 3, updated: 0, unchanged: 0 });
    // kiosk.png is in two posts, stored once per post that names it; missing.png answers 404.
    expect(report.images).toEqual({ stored: 4, failed: 1 });
    const posts = new Map((await t.store.listPosts()).map((p) => [p.source, p]));

    const kiosk = posts.get("wordpress:10")!;
    expect(kiosk).toMatchObject({ title: "Our new kiosk", slug: "our-new-kiosk", published: true });
    expect(kiosk.publishedAt).toBe("2024-05-03T10:00:00.000Z");
    expect(kiosk.summary).toBe("The kiosk that tells you how long you will wait.");
    expect(kiosk.tags.map((tag) => tag.slug).sort()).toEqual(["kiosks", "retail"]);
    expect(kiosk.coverImage).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    expect(kiosk.content).not.toContain("wp:");
    expect(kiosk.content).toMatch(/<img src="\/media\/[0-9a-f]{64}\.png" alt="A kiosk at the door" \/>/);
    expect(kiosk.content).toContain('<a href="/blog/opening-hours">our hours</a>');
    expect(kiosk.content).toContain('<a href="/blog/a-draft">the draft</a>');
    // Links to pages lead to their paths here, /blog-2 for the page whose slug is the blog's address.
    expect(kiosk.content).toContain(
      '<a href="/pricing">our prices</a>, <a href="/pricing">the same</a> and <a href="/blog-2">our blog page</a>',
    );

    const author = (await t.store.listUsers()).find((u) => u.source === "wordpress:author:jane")!;
    expect(author).toMatchObject({ username: "jane", displayName: "Jane Doe", disabled: true, role: "writer" });
    expect(author.passwordHash).toBe(NO_PASSWORD);
    expect(kiosk.authors).toEqual([author.id]);

    const hours = posts.get("wordpress:11")!;
    expect(hours.content).toContain(`<p>${LONG_TEXT}</p>`);
    expect(hours.content).toMatch(
      /<figure><img src="\/media\/[0-9a-f]{64}\.png" alt="Kiosk" width="300" height="200" \/><figcaption>The kiosk by the door<\/figcaption><\/figure>/,
    );
    expect(hours.content).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(hours.content).toContain('src="https://player.vimeo.com/video/76979871"');
    expect(hours.content).toContain('src="https://player.vimeo.com/video/22439234"');
    expect(hours.content).not.toContain("maps.example");
    expect(hours.content).toContain('alt="First of the gallery"');
    expect(hours.content).toContain('alt="Second of the gallery"');
    expect(hours.content).not.toContain("[");
    expect(hours.content).toContain("Write to us");
    expect(hours.content).toContain(`src="${images.base}/wp-content/uploads/2024/05/missing.png"`);
    const hoursNotes = item(report, "wordpress:11").notes!;
    expect(hoursNotes).toContain(IMPORT_MESSAGES.unknownShortcode("contact-form-7"));
    expect(hoursNotes).toContain(IMPORT_MESSAGES.iframeRemoved("https://maps.example/embed?q=1"));
    expect(hoursNotes).toContain(IMPORT_MESSAGES.generatedSummary);
    expect(
      hoursNotes.some((n) => n.startsWith(`the image ${images.base}/wp-content/uploads/2024/05/missing.png`)),
    ).toBe(true);
    expect(hours.summary.startsWith("Queues move faster")).toBe(true);
    // Published and modified dates in UTC (WordPress's _gmt fields).
    expect([hours.publishedAt, hours.updatedAt]).toEqual(["2024-05-04T08:30:00.000Z", "2024-05-06T12:15:00.000Z"]);

    expect(posts.get("wordpress:12")).toMatchObject({ published: false });
    expect(posts.get("wordpress:12")!.publishAt).toBeUndefined();
    expect(posts.get("wordpress:13")).toMatchObject({ published: false, publishAt: "2030-01-01T09:00:00.000Z" });
    expect(posts.get("wordpress:14")).toMatchObject({ published: false });
    expect(posts.get("wordpress:14")!.submittedAt).toBeDefined();
    expect(posts.get("wordpress:15")).toMatchObject({ published: false });
    expect(item(report, "wordpress:15").notes).toContain(IMPORT_MESSAGES.privatePost);
    expect(posts.get("wordpress:16")).toMatchObject({ published: false });
    expect(item(report, "wordpress:16").notes).toContain(IMPORT_MESSAGES.passwordProtected);
    expect(posts.get("wordpress:17")).toMatchObject({ title: "", published: true });
    expect(item(report, "wordpress:17").notes).toEqual(
      expect.arrayContaining([IMPORT_MESSAGES.noTitle, IMPORT_MESSAGES.shortText]),
    );
    for (const skipped of ["wordpress:18", "wordpress:19", "wordpress:20", "wordpress:21"])
      expect(posts.has(skipped)).toBe(false);

    // The untitled post's page shows SPEC's "Untitled Post".
    const untitled = await request(t.app).get("/blog/status-update");
    expect(untitled.status).toBe(200);
    expect(untitled.text).toContain("Untitled Post");
  });

  it("brings the pages across as pages of one rich-text block, at their paths", async () => {
    const pages = new Map((await importedPages(t)).map((p) => [(p as { source?: string }).source, p]));
    expect(pages.size).toBe(3);
    const pricing = pages.get("wordpress:20")!;
    expect(pricing).toMatchObject({ title: "Pricing", path: "/pricing", published: true });
    expect(pricing.blocks).toEqual([{ id: "text", type: "richText", html: `<p>${LONG_TEXT}</p>` }]);
    expect(pricing.authors).toEqual([
      (await t.store.listUsers()).find((u) => u.source === "wordpress:author:jane")!.id,
    ]);
    const shown = await request(t.app).get("/pricing");
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(LONG_TEXT);
    // A draft page is not public.
    expect(pages.get("wordpress:22")).toMatchObject({ path: "/team", published: false });
    // Its old permalink is its path here: no redirect sends it home any more.
    const team = await request(t.app).get("/team");
    expect([team.status, team.headers.location]).toEqual([404, undefined]);
    expect(pages.get("wordpress:23")).toMatchObject({ path: "/blog-2", published: true });
    expect((await request(t.app).get("/blog-2")).status).toBe(200);
    expect((await request(t.app).get("/blog")).status).toBe(200);
  });

  it("a second run creates nothing and updates only what changed", async () => {
    const before = await t.store.listPosts();
    const again = (await send(file)).body as ImportReport;
    expect(again.posts).toEqual({ created: 0, updated: 0, unchanged: 8, skipped: 3 });
    expect(again.pages).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect((await importedPages(t)).length).toBe(3);
    expect(again.tags.created + again.authors.created + again.redirects.added).toBe(0);
    expect((await t.store.listPosts()).length).toBe(before.length);
    expect((await t.store.listUsers()).length).toBe(3);

    const edited = wordpressItems(images.base).map((i) =>
      i.id === 12 ? { ...i, title: "A draft, edited" } : i.id === 20 ? { ...i, title: "Prices" } : i,
    );
    const changed = (await send(Buffer.from(wxr({ items: edited })))).body as ImportReport;
    expect(changed.posts).toEqual({ created: 0, updated: 1, unchanged: 7, skipped: 3 });
    expect(changed.pages).toEqual({ created: 0, updated: 1, unchanged: 2 });
    expect((await t.store.listPages()).find((p) => p.path === "/pricing")!.title).toBe("Prices");
    expect((await t.store.listPosts()).find((p) => p.source === "wordpress:12")!.title).toBe("A draft, edited");
  });

  it("answers each old address with a 301 to a page that answers 200", async () => {
    const cases: [string, string][] = [
      ["/?p=10", "/blog/our-new-kiosk"],
      ["/?p=10&utm_source=mail", "/blog/our-new-kiosk"],
      ["/?page_id=20", "/pricing"],
      ["/?page_id=23", "/blog-2"],
      ["/2024/05/03/our-new-kiosk/", "/blog/our-new-kiosk"],
      ["/2024/05/our-new-kiosk/", "/blog/our-new-kiosk"],
      ["/our-new-kiosk/", "/blog/our-new-kiosk"],
      ["/category/retail/", "/blog?tag=retail"],
      ["/tag/kiosks/", "/blog?tag=kiosks"],
      ["/feed/", "/rss.xml"],
      ["/author/jane/", "/blog/author/jane"],
    ];
    for (const [old, target] of cases) {
      const res = await request(t.app).get(old);
      expect([old, res.status, res.headers.location]).toEqual([old, 301, target]);
      const page = await request(t.app).get(target);
      expect([target, page.status]).toEqual([target, 200]);
    }
    // Unknown old addresses stay 404, and the home page itself is not a redirect.
    expect((await request(t.app).get("/?p=999")).status).toBe(200);
    expect((await request(t.app).get("/2024/05/03/no-such-post/")).status).toBe(404);
    expect((await request(t.app).get("/category/nothing/")).status).toBe(404);
  });
});

describe("importing a Ghost 5 export", () => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await makeTestApp();
    admin = await signedIn(t, "admin");
  });
  afterAll(() => t.close());

  it("brings posts with tags, authors, a feature image and an HTML card; old addresses answer 301", async () => {
    // The feature image is on Ghost's own site, which no download reaches: reported, and no cover.
    const body = ghostExport({
      posts: [
        {
          id: "g1",
          title: "Ghost kiosk",
          slug: "ghost-kiosk",
          html: `<p>${LONG_TEXT}</p><!--kg-card-begin: html--><div class="custom"><strong>Open 9 to 5</strong></div><!--kg-card-end: html--><p><a href="__GHOST_URL__/second-post/">Next</a> and <a href="__GHOST_URL__/about/#team">who we are</a></p>`,
          featureImage: "__GHOST_URL__/content/images/2024/05/front.png",
          featureImageAlt: "The front",
          tagIds: ["t1", "t2"],
          excerpt: "A kiosk from Ghost.",
        },
        { id: "g2", title: "Second post", slug: "second-post", html: `<p>${LONG_TEXT}</p>`, status: "draft" },
        { id: "g3", title: "Members", slug: "members", html: `<p>${LONG_TEXT}</p>`, visibility: "paid" },
        { id: "g4", title: "About", slug: "about", html: `<p>${LONG_TEXT}</p>`, type: "page" },
      ],
    });
    const res = await request(t.app)
      .post("/api/admin/import")
      .set("Cookie", admin.cookie)
      .field("format", "ghost")
      .attach("file", Buffer.from(body), { filename: "ghost.json" });
    expect(res.status).toBe(200);
    const report = res.body as ImportReport;
    expect(report.posts).toEqual({ created: 3, updated: 0, unchanged: 0, skipped: 0 });
    expect(report.pages).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(report.images.failed).toBe(1);
    const posts = new Map((await t.store.listPosts()).map((p) => [p.source, p]));
    const kiosk = posts.get("ghost:g1")!;
    expect(kiosk).toMatchObject({ title: "Ghost kiosk", published: true, summary: "A kiosk from Ghost." });
    expect(kiosk.publishedAt).toBe("2024-05-01T10:00:00.000Z");
    expect(kiosk.tags.map((tag) => tag.slug)).toEqual(["retail"]);
    expect(kiosk.content).toContain("<strong>Open 9 to 5</strong>");
    expect(kiosk.content).toContain('<a href="/blog/second-post">Next</a> and <a href="/about#team">who we are</a>');
    const sam = (await t.store.listUsers()).find((u) => u.source === "ghost:author:u1")!;
    expect(sam).toMatchObject({ username: "sam", displayName: "Sam Writer", disabled: true });
    expect(kiosk.authors).toEqual([sam.id]);
    expect(posts.get("ghost:g2")!.published).toBe(false);
    expect(posts.get("ghost:g3")!.published).toBe(false);
    const [about] = await importedPages(t);
    expect(about).toMatchObject({ title: "About", path: "/about", published: true, source: "ghost:g4" });
    expect(about!.blocks).toEqual([{ id: "text", type: "richText", html: `<p>${LONG_TEXT}</p>` }]);
    const shown = await request(t.app).get("/about");
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(LONG_TEXT);

    for (const [old, target] of [
      ["/ghost-kiosk/", "/blog/ghost-kiosk"],
      ["/tag/retail/", "/blog?tag=retail"],
    ]) {
      const moved = await request(t.app).get(old!);
      expect([moved.status, moved.headers.location]).toEqual([301, target]);
      expect((await request(t.app).get(target!)).status).toBe(200);
    }
  });

  it("refuses a JSON file that is not a Ghost export", async () => {
    const res = await request(t.app)
      .post("/api/admin/import")
      .set("Cookie", admin.cookie)
      .field("format", "ghost")
      .attach("file", Buffer.from('{"hello": 1}'), { filename: "other.json" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(IMPORT_MESSAGES.notGhost("other.json"));
  });
});

describe("a WXR 1.1 export with what cannot come across as it is", () => {
  let t: TestApp;
  let admin: { cookie: string };
  let server: Server;
  let base: string;
  beforeAll(async () => {
    // Images that fail as the upload's limits and the download's timeout say.
    const bomb = blankPng(20_000, 20_000);
    server = createServer((req, res) => {
      if (req.url === "/slow.png") return; // never answers
      if (req.url === "/huge.png") {
        res.writeHead(200, { "Content-Type": "image/png", "Content-Length": String(MAX_UPLOAD_BYTES + 1) });
        res.flushHeaders();
        return;
      }
      res.writeHead(200, { "Content-Type": "image/png" });
      res.end(bomb);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await makeTestApp({ env: { IMPORT_ALLOW_PRIVATE: "true", IMPORT_TIMEOUT_MS: "300" } });
    admin = await signedIn(t, "admin");
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("reports and skips a broken item, notes a taken slug, and lists the images that broke a limit", async () => {
    const broken = "<item><title>Broken</title><wp:post_id>abc</wp:post_id></item>";
    const images = ["slow", "huge", "bomb"].map((name) => `${base}/${name}.png`);
    const body = wxr({
      version: "1.1",
      items: [
        { id: 1, title: "Hello", slug: "hello", content: `<p>${LONG_TEXT}</p>` },
        broken,
        { id: 2, title: "Hello again", slug: "hello", content: `<p>${LONG_TEXT}</p>` },
        {
          id: 3,
          title: "Pictures",
          slug: "pictures",
          content: `<p>${LONG_TEXT}</p>${images.map((src) => `<p><img src="${src}" alt="x"></p>`).join("")}`,
        },
      ],
    });
    const res = await request(t.app)
      .post("/api/admin/import")
      .set("Cookie", admin.cookie)
      .field("format", "wordpress")
      .attach("file", Buffer.from(body), { filename: "old-1.1.xml" });
    expect(res.status).toBe(200);
    const report = res.body as ImportReport;
    expect(report.posts).toEqual({ created: 3, updated: 0, unchanged: 0, skipped: 1 });
    const item = (source: string) => report.items.find((i) => i.source === source)!;
    expect(item("wordpress:abc")).toMatchObject({
      action: "skip",
      notes: [IMPORT_MESSAGES.brokenItem("it has no wp:post_id")],
    });
    expect(item("wordpress:2").slug).toBe("hello-2");
    expect(item("wordpress:2").notes).toContain(IMPORT_MESSAGES.slugTaken("hello-2", "hello"));
    expect(item("wordpress:1").notes).not.toContain(IMPORT_MESSAGES.slugTaken("hello", "hello"));
    expect(report.images).toEqual({ stored: 0, failed: 3 });
    expect(item("wordpress:3").notes).toEqual(
      expect.arrayContaining([
        IMPORT_MESSAGES.imageFailed(images[0]!, IMPORT_MESSAGES.imageTooSlow(300)),
        IMPORT_MESSAGES.imageFailed(images[1]!, IMPORT_MESSAGES.imageTooLarge(MAX_UPLOAD_BYTES)),
        IMPORT_MESSAGES.imageFailed(images[2]!, MEDIA_MESSAGES.tooManyPixels(24)),
      ]),
    );
    // Nothing of the broken item was written; the pictures keep their old addresses.
    const posts = await t.store.listPosts();
    expect(posts.map((p) => p.source).sort()).toEqual(["wordpress:1", "wordpress:2", "wordpress:3"]);
    expect(posts.find((p) => p.source === "wordpress:3")!.content).toContain(`src="${images[2]}"`);
  });
});

describe("the Redirects panel's calls", () => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await makeTestApp();
    admin = await signedIn(t, "admin");
  });
  afterAll(() => t.close());

  it("adds, lists and removes a redirect, which answers 301 until removed", async () => {
    const add = (body: object, cookie = admin.cookie) =>
      request(t.app).post("/api/admin/redirects").set("Cookie", cookie).send(body);
    const editor = await signedIn(t, "editor");
    expect((await add({ path: "/old", target: "/blog" }, editor.cookie)).status).toBe(403);
    const bad = await add({ path: "old page", target: "//evil.example" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      path: [REDIRECT_MESSAGES.pathInvalid],
      target: [REDIRECT_MESSAGES.targetInvalid],
    });
    const made = await add({ path: "/old-pricing/", target: "/industries" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ path: "/old-pricing", target: "/industries" });
    const taken = await add({ path: "/old-pricing", target: "/blog" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(REDIRECT_MESSAGES.taken("/old-pricing"));
    const moved = await request(t.app).get("/old-pricing/");
    expect([moved.status, moved.headers.location]).toEqual([301, "/industries"]);
    const list = await request(t.app).get("/api/admin/redirects").set("Cookie", admin.cookie);
    expect(list.body.redirects).toEqual([made.body]);
    const removed = await request(t.app).delete(`/api/admin/redirects/${made.body.id}`).set("Cookie", admin.cookie);
    expect(removed.status).toBe(200);
    expect((await request(t.app).get("/old-pricing/")).status).toBe(404);
  });
});

describe("a post deleted after an import", () => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await makeTestApp();
    admin = await signedIn(t, "admin");
  });
  afterAll(() => t.close());

  it("stays in the Trash when the same export is imported again", async () => {
    const file = Buffer.from(
      wxr({ items: [{ id: 1, title: "Deleted here", slug: "deleted-here", content: `<p>${LONG_TEXT}</p>` }] }),
    );
    const send = () =>
      request(t.app)
        .post("/api/admin/import")
        .set("Cookie", admin.cookie)
        .field("format", "wordpress")
        .attach("file", file, { filename: "a.xml" });
    expect((await send()).body.posts.created).toBe(1);
    const [post] = await t.store.listPosts();
    await t.store.deletePost(post!.id);
    const again = (await send()).body as ImportReport;
    expect(again.posts).toEqual({ created: 0, updated: 0, unchanged: 1, skipped: 0 });
    expect(await t.store.listPosts()).toEqual([]);
    expect((await t.store.listTrash()).map((p) => p.slug)).toEqual(["deleted-here"]);
  });
});
