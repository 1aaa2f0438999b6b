import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { warmPaths, warmStart } from "~/server/page-cache/warm-start";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/**
 * docs/decisions/050-uncached-rendering.md: before the server listens, the most read pages are
 * rendered many times with the page cache bypassed, so the first readers after a start meet a
 * warm renderer; the cache stays as it was, and a reader's first request renders and keeps the page.
 */
let t: TestApp;

beforeEach(async () => {
  t = await makeTestApp({ seed: true });
});
afterEach(() => t.close());

const warm = (budgetMs: number) =>
  warmStart(
    {
      render: (req, res) => {
        t.app.htmlCache.bypass(req);
        t.app(req, res);
      },
      store: t.store,
    },
    budgetMs,
  );

describe("warm start", () => {
  it("warms the fixed pages and the newest published posts", async () => {
    const published = (await t.store.listPosts({ publishedOnly: true })).slice(0, 3);
    expect(published.length).toBeGreaterThan(0);
    expect(await warmPaths(t.store)).toEqual(["/", "/blog", "/industries", ...published.map((p) => `/blog/${p.slug}`)]);
  });

  it("renders past the cache while warming, keeping nothing", async () => {
    const paths = await warmPaths(t.store);
    const renders = await warm(300);
    expect(renders).toBeGreaterThanOrEqual(paths.length);
    expect(renders % paths.length).toBe(0);
    // Without the bypass, the first round would fill the cache and the rest would be hits.
    expect(t.app.htmlCache.stats()).toMatchObject({ hits: 0, renders: 0, entries: 0 });
    for (const path of paths) {
      const first = await request(t.app).get(path);
      expect(first.status).toBe(200);
      expect(first.headers["x-cache"]).toBe("MISS");
    }
  });

  it("still answers every page when the cache is off", async () => {
    await t.close();
    t = await makeTestApp({ seed: true, env: { HTML_CACHE_BYTES: "0" } });
    const paths = await warmPaths(t.store);
    expect(await warm(100)).toBeGreaterThanOrEqual(paths.length);
    expect(t.app.htmlCache.stats()).toMatchObject({ hits: 0, renders: 0, entries: 0 });
  });
});
