import type { RouteConfigEntry } from "@react-router/dev/routes";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/app/routes";
import { API_MOUNT } from "~/server/http/api-router";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHtmlCache } from "~/server/page-cache/html-cache";
import { PUBLIC_PAGES_CACHEABLE } from "~/server/pages/pages-router";
import { PUBLIC_BLOG_CACHEABLE } from "~/server/posts/public-blog-router";
import { PUBLIC_SITE_CACHEABLE } from "~/server/site/site-router";
import { SHOWS_UNDECLARED } from "~/shared/page-cache";
import { makePageInput, makePostInput } from "../helpers/factories";
import { makeUser } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

/**
 * docs/decisions/069-pages-say-what-they-show.md: every route the page cache may keep says what its
 * answers show, so a write drops them exactly; one that forgets is filed under `undeclared` and
 * dropped by every public write (the cache fails safe). This walks the whole route table and the
 * cacheable API routes, so a route added without its topics, or without a sample here, fails.
 */
const t = useTestApp({ perFile: true });
let author = "";

const modules = import.meta.glob<{ handle?: { pageCache?: unknown } }>("../../src/app/routes/*.{ts,tsx}");

/**
 * Sample addresses of each cacheable route, by its path pattern: a page that exists, kept, then
 * others (404s, further pages), each of which the cache keeps with its topics or does not keep.
 */
const SAMPLES: Record<string, () => string[]> = {
  "/": () => ["/"],
  "/industries": () => ["/industries"],
  "/industries/:industry": () => ["/industries/healthcare", "/industries/no-such-industry"],
  "/blog": () => ["/blog", "/blog?tag=alpha", "/blog?tag=no-such-tag", "/blog?page=2"],
  "/blog/:slug": () => ["/blog/alpha", "/blog/no-such-post"],
  "/blog/author/:username": () => [`/blog/author/${author}`, "/blog/author/no-such-author"],
  "/rss.xml": () => ["/rss.xml"],
  "/sitemap.xml": () => ["/sitemap.xml"],
  "/robots.txt": () => ["/robots.txt"],
  "/api/public/blog/posts": () => ["/api/public/blog/posts", "/api/public/blog/posts?page=2&pageSize=1"],
  "/api/public/blog/posts/:slug": () => ["/api/public/blog/posts/alpha", "/api/public/blog/posts/no-such-post"],
  "/api/blog/posts": () => ["/api/blog/posts"],
  "/api/blog/tags": () => ["/api/blog/tags"],
  "/api/public/site": () => ["/api/public/site"],
  "/:first/:second?": () => ["/pricing", "/company/careers", "/no-such-page", "/company/no-such-page"],
  "/api/public/pages/:first": () => ["/api/public/pages/pricing", "/api/public/pages/no-such-page"],
  "/api/public/pages/:first/:second": () => ["/api/public/pages/company/careers"],
};

/** The path pattern of every route in src/app/routes.ts whose module lets the cache keep its answers. */
async function cacheablePages(entries: RouteConfigEntry[], parent = ""): Promise<string[]> {
  const found: string[] = [];
  for (const entry of entries) {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    const { handle } = await modules[`../../src/app/${entry.file}`]!();
    if (handle?.pageCache) found.push(path || "/");
    found.push(...(await cacheablePages(entry.children ?? [], path)));
  }
  return found;
}

beforeAll(async () => {
  const { user } = await makeUser(t.store, { role: "writer" });
  author = user.username;
  await t.store.createPost(makePostInput({ slug: "alpha", tags: ["Alpha"], published: true, authors: [user.id] }));
  await t.store.createPost(makePostInput({ slug: "beta", tags: ["Beta"], published: true }));
  for (const path of ["/pricing", "/company/careers"])
    await t.store.createPage({ ...makePageInput({ path }), published: true });
});

describe("every cacheable route says what its answers show", async () => {
  const patterns = [
    ...(await cacheablePages(routes)),
    ...[...PUBLIC_BLOG_CACHEABLE, ...PUBLIC_SITE_CACHEABLE, ...PUBLIC_PAGES_CACHEABLE].map(
      ({ path }) => API_MOUNT + path,
    ),
  ];

  it("the walk finds the public pages and the public API", () => {
    expect(patterns).toEqual(expect.arrayContaining(["/", "/blog/:slug", "/robots.txt", "/api/public/blog/posts"]));
  });

  it.each(patterns)("%s has samples here and names its topics on every answer", async (pattern) => {
    const samples = SAMPLES[pattern];
    expect(samples, `add sample addresses of ${pattern} to SAMPLES`).toBeDefined();
    const [first, ...others] = samples!();
    for (const url of [first!, ...others]) {
      await request(t.app).get(url);
      const shown = t.app.htmlCache.shows(url);
      if (url === first) expect(shown, `${url} is kept`).toBeDefined();
      expect(shown ?? [], `${url} names no topic: send showsHeader(...) from its loader`).not.toContain(
        SHOWS_UNDECLARED,
      );
      if (shown) expect((await request(t.app).get(url)).headers["x-cache"], url).toBe("HIT");
    }
  });
});

describe("a kept answer that names no topic", () => {
  it("is dropped by every write the public sees, and by no draft's save", async () => {
    const cache = createHtmlCache({
      maxBytes: 1 << 20,
      store: t.store,
      rules: (path) => (path === "/plain" ? {} : undefined),
    });
    const render = (req: IncomingMessage, res: ServerResponse) => {
      res.setHeader("Content-Type", "text/plain");
      const keep = cache.keeper(req, res);
      if (keep) keep(Buffer.from("shows something"));
      else res.end("shows something");
    };
    const handler = (req: IncomingMessage, res: ServerResponse) => cache.serve(req, res, render);
    const cacheOf = async () => (await request(handler).get("/plain")).headers["x-cache"];

    expect(await cacheOf()).toBe("MISS");
    expect(cache.shows("/plain")).toEqual([SHOWS_UNDECLARED]);
    await t.store.createPost(makePostInput({ slug: "a-draft", published: false }));
    expect(await cacheOf()).toBe("HIT");
    await t.store.createPost(makePostInput({ slug: "published-elsewhere", published: true }));
    expect(await cacheOf()).toBe("MISS");
  });
});
