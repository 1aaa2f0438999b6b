import type { IncomingMessage } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { UTILITY_PAGES } from "~/app/components/tools/utility-pages";
import { ByteLru } from "~/server/page-cache/byte-lru";
import { chooseEncoding } from "~/server/page-cache/cached-page";
import { pageKey } from "~/server/page-cache/html-cache";
import type { PageRules } from "~/server/page-cache/page-rules";
import { sourcePageRules } from "../helpers/page-rules";

const UTILITY_PATHS = Object.keys(UTILITY_PAGES).map((id) => `/${id}`);

describe("ByteLru", () => {
  it("keeps the total under its bound, evicting the least recently used first", () => {
    const lru = new ByteLru<string>(100);
    lru.set("a", "A", 40);
    lru.set("b", "B", 40);
    expect(lru.get("a")).toBe("A"); // now b is the oldest
    lru.set("c", "C", 40);
    expect(lru.get("b")).toBeUndefined();
    expect([lru.get("a"), lru.get("c")]).toEqual(["A", "C"]);
    expect(lru.bytes).toBe(80);
    expect(lru.size).toBe(2);
  });

  it("evicts as many as a large value needs, and refuses one larger than the bound", () => {
    const lru = new ByteLru<number>(100);
    for (let i = 0; i < 10; i++) lru.set(`k${i}`, i, 10);
    lru.set("big", 99, 95);
    expect(lru.size).toBe(1);
    expect(lru.bytes).toBe(95);
    expect(lru.set("huge", 1, 101)).toBe(false);
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.bytes).toBeLessThanOrEqual(100);
  });

  it("replaces a key without counting it twice, and clears to zero", () => {
    const lru = new ByteLru<string>(100);
    lru.set("a", "1", 30);
    lru.set("a", "2", 50);
    expect(lru.bytes).toBe(50);
    expect(lru.get("a")).toBe("2");
    lru.clear();
    expect([lru.size, lru.bytes]).toEqual([0, 0]);
  });
});

describe("pageKey", () => {
  let rules: PageRules;
  // Imports every route module from source, the admin's screens among them: more than the default 10 s on a busy machine.
  beforeAll(async () => {
    rules = await sourcePageRules();
  }, 60_000);

  it("keys the public pages by path and sorted query", () => {
    for (const path of [
      "/",
      "/industries",
      "/industries/retail",
      "/blog",
      "/blog/a-post",
      "/rss.xml",
      "/sitemap.xml",
      "/robots.txt",
    ]) {
      expect(pageKey(path, rules)).toBe(path);
    }
    expect(pageKey("/blog?tag=retail&page=2", rules)).toBe("/blog?page=2&tag=retail");
    expect(pageKey("/blog?page=2&tag=retail", rules)).toBe("/blog?page=2&tag=retail");
    expect(pageKey("/blog?", rules)).toBe("/blog");
  });

  it("keeps only the parameters a path reads, so cache-busters and tracking tags share one entry", () => {
    expect(pageKey("/blog?utm_source=mail&tag=retail&cache=1", rules)).toBe("/blog?tag=retail");
    expect(pageKey("/?utm_source=mail", rules)).toBe("/");
    expect(pageKey("/blog/a-post?ref=x", rules)).toBe("/blog/a-post");
    expect(pageKey("/api/public/blog/posts?cache=1700000000", rules)).toBe("/api/public/blog/posts");
    expect(pageKey("/api/public/blog/posts?pageSize=10&page=2&cache=1", rules)).toBe(
      "/api/public/blog/posts?page=2&pageSize=10",
    );
    expect(pageKey("/api/blog/posts?cache=5", rules)).toBe("/api/blog/posts");
  });

  it("keys the public blog API beside the pages", () => {
    for (const path of [
      "/api/public/blog/posts",
      "/api/public/blog/posts/a-post",
      "/api/blog/posts",
      "/api/blog/tags",
    ]) {
      expect(pageKey(path, rules)).toBe(path);
    }
  });

  it("leaves out every other path: admin, tools, /api, .data requests, trailing slashes", () => {
    for (const path of [
      "/admin",
      "/admin/debug-tools",
      "/system/health",
      ...UTILITY_PATHS,
      "/api/cms/posts",
      "/api/public/health/database",
      "/api/public/blog/posts/a/b",
      "/api/blog/tags/x",
      "/blog.data",
      "/blog/a-post.data",
      "/_root.data",
      "/blog/",
      "/blog/a/b",
      // A file's name (`/favicon.svg`) is shaped as a page's path now, the page route's: static files
      // are answered before the cache, and that route answers a path no page has with no-store.
      "/favicon.svg/x/y",
    ]) {
      expect(pageKey(path, rules), path).toBeUndefined();
    }
  });
});

describe("chooseEncoding", () => {
  const both = { br: Buffer.alloc(1), gzip: Buffer.alloc(1) };
  const asking = (header: string | undefined) =>
    ({ headers: header === undefined ? {} : { "accept-encoding": header } }) as IncomingMessage;

  it("prefers brotli, then gzip, honouring q=0 and *", () => {
    expect(chooseEncoding(asking("gzip, deflate, br"), both)).toBe("br");
    expect(chooseEncoding(asking("gzip"), both)).toBe("gzip");
    expect(chooseEncoding(asking("br;q=0, gzip;q=0.5"), both)).toBe("gzip");
    expect(chooseEncoding(asking("*"), both)).toBe("br");
    expect(chooseEncoding(asking("*, br;q=0"), both)).toBe("gzip");
    expect(chooseEncoding(asking("identity"), both)).toBe("identity");
    expect(chooseEncoding(asking(undefined), both)).toBe("identity");
  });

  it("sends the body as it is when no copy was worth keeping", () => {
    expect(chooseEncoding(asking("br, gzip"), {})).toBe("identity");
  });
});
