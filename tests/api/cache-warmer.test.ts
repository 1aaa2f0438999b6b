import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createCacheWarmer, SETTLE_MS, type CacheWarmer, type WarmerOptions } from "~/server/page-cache/cache-warmer";
import { makePostInput } from "../helpers/factories";
import { makeTestApp } from "../helpers/test-app";

/**
 * Warm after writes: the pages readers ask for most are rendered again in the background after a
 * content write, through a node:http server that answers from the cache first, as the host does.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let server: http.Server;
let warmer: CacheWarmer;
let warmed: string[];
/** When set, the warmer's next request tells `reached` and waits for `release`: a write can land mid-warm-up. */
let gate: { reached: () => void; release: Promise<void> } | undefined;

/** Holds the warmer's next page request; resolves once a warm-up has got to it. */
function holdNextPage(): { reached: Promise<void>; release: () => void } {
  let release!: () => void;
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  gate = { reached, release: new Promise((resolve) => (release = resolve)) };
  return { reached: held, release };
}

function makeWarmer(options: Pick<WarmerOptions, "onDrop"> = {}): CacheWarmer {
  return createCacheWarmer({
    ...options,
    store: t.store,
    fetchPage: async (path) => {
      const held = gate;
      gate = undefined;
      held?.reached();
      await held?.release;
      warmed.push(path);
      await get(path);
    },
  });
}

function get(path: string): Promise<{ status: number; cache: string | undefined; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path }, (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk) => (body += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, cache: res.headers["x-cache"] as string | undefined, body }),
        );
      })
      .on("error", reject);
  });
}

beforeEach(async () => {
  t = await makeTestApp();
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  warmed = [];
  gate = undefined;
  warmer = makeWarmer();
});
afterEach(async () => {
  vi.useRealTimers();
  warmer.stop();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

it("renders again, after the first pages, the kept pages a save dropped: a post showing it among its related posts", async () => {
  warmer.stop();
  warmer = makeWarmer({ onDrop: t.app.htmlCache.onDrop });
  const shown = await t.store.createPost(makePostInput({ tags: ["Queues"] }));
  const showing = await t.store.createPost(makePostInput({ tags: ["Queues"] }));
  await warmer.idle();
  warmed = [];
  expect((await get(`/blog/${showing.slug}`)).body).toContain(shown.title);
  expect((await get(`/blog/${showing.slug}`)).cache).toBe("HIT");

  await t.store.updatePost(shown.id, { title: "Shown under the other post, renamed" });
  await warmer.idle();
  expect(warmed).toContain(`/blog/${showing.slug}`);
  const again = await get(`/blog/${showing.slug}`);
  expect(again.cache).toBe("HIT");
  expect(again.body).toContain("Shown under the other post, renamed");
});

it("renders /blog, the post's tag pages and the post after a write, so readers hit the cache", async () => {
  const post = await t.store.createPost(
    makePostInput({ title: "Warmed before anyone asked", tags: ["Speed", "Queues"] }),
  );
  await warmer.idle();
  // Not the home page, which shows no post and so was not dropped.
  const pages = ["/blog", "/blog?tag=speed", "/blog?tag=queues", `/blog/${post.slug}`];
  expect(warmed.sort()).toEqual([...pages].sort());
  const renders = t.app.htmlCache.stats().renders;
  for (const path of pages) {
    const page = await get(path);
    expect(page.cache, path).toBe("HIT");
    expect(page.body, path).toContain("Warmed before anyone asked");
  }
  expect(t.app.htmlCache.stats().renders).toBe(renders); // nothing rendered for the readers
});

it("warms the tag pages a post left as well as those it joined, and never the page of a deleted post", async () => {
  const post = await t.store.createPost(makePostInput({ tags: ["Speed"] }));
  await warmer.idle();
  warmed = [];
  await t.store.updatePost(post.id, { tags: ["Retail"] });
  await warmer.idle();
  expect(warmed).toEqual(expect.arrayContaining(["/blog?tag=speed", "/blog?tag=retail", `/blog/${post.slug}`]));

  warmed = [];
  await t.store.deletePost(post.id);
  await warmer.idle();
  expect(warmed).not.toContain(`/blog/${post.slug}`);
  expect(warmed).toEqual(expect.arrayContaining(["/blog", "/blog?tag=retail"]));
  expect(t.app.htmlCache.stats().notFound.entries).toBe(0);
});

it("never keeps a page older than a write acknowledged during the warm-up", async () => {
  const post = await t.store.createPost(makePostInput({ title: "First title of the post" }));
  await warmer.idle();
  const { reached, release } = holdNextPage();
  await t.store.updatePost(post.id, { title: "Second title of the post" });
  // Once the warm-up is held before its first page, a second write is acknowledged meanwhile.
  await reached;
  await t.store.updatePost(post.id, { title: "Third title of the post" });
  release();
  await warmer.idle();
  for (const path of ["/blog", `/blog/${post.slug}`]) {
    const page = await get(path);
    expect(page.body, path).toContain("Third title of the post");
    expect(page.body, path).not.toContain("Second title of the post");
  }
});

it("leaves the cache alone after a contact message or a new user", async () => {
  await warmer.idle();
  warmed = [];
  await t.store.addMessage({ name: "Ada", email: "ada@example.com", message: "Hello there, queues.", ip: "127.0.0.1" });
  await warmer.idle();
  expect(warmed).toEqual([]);
});

it("warms once after a burst of writes, when they have been quiet for the settle time, not after each", async () => {
  // Only the settle timer is faked: the store, the server and the requests run for real.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  warmer.stop();
  warmer = makeWarmer();
  const posts = [];
  for (let i = 1; i <= 5; i++) {
    posts.push(await t.store.createPost(makePostInput({ title: `Burst post number ${i}`, tags: ["Burst"] })));
    // Each write comes just before the previous one's settle time ends, and restarts it.
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 1);
  }
  expect(warmed).toEqual([]); // nothing rendered while the writes went on

  await vi.advanceTimersByTimeAsync(1);
  await warmer.idle();
  const pages = ["/blog", "/blog?tag=burst", ...posts.map((post) => `/blog/${post.slug}`)];
  expect(warmed.sort()).toEqual([...pages].sort()); // one warm-up, each page once
  for (const path of pages) expect((await get(path)).cache, path).toBe("HIT");
});
