import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notFoundBudget } from "~/server/page-cache/html-cache";
import { INDUSTRIES } from "~/shared/industries";
import { SHOWS_HEADER } from "~/shared/page-cache";
import type { Post } from "~/server/store/types";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/**
 * docs/decisions/003-rendered-page-cache.md: public pages render once and are then answered from memory, until a content write
 * drops them. Requests go through supertest and through a bare node:http server running the
 * app as the host does (src/server/serve.ts): the cache's lookup first, before Express. Each test gets its own
 * app and so an empty cache: what one test renders never turns another's MISS into a HIT.
 */
type TestApp = Awaited<ReturnType<typeof makeTestApp>>;
let t: TestApp;
let post: Post;
let server: http.Server;

beforeEach(async () => {
  t = await makeTestApp();
  post = await t.store.createPost(makePostInput({ title: "Cached post title", tags: ["Speed"] }));
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const get = (path: string) => request(t.app).get(path);
const renders = () => t.app.htmlCache.stats().renders;

/** The raw bytes, as sent: supertest would undo the content coding. */
function rawGet(path: string, headers: Record<string, string> = {}, target = server) {
  const { port } = target.address() as AddressInfo;
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("a public page", () => {
  const pages = () => [
    "/",
    "/industries",
    `/industries/${INDUSTRIES[0]!.id}`,
    "/blog",
    "/blog?tag=speed",
    `/blog/${post.slug}`,
    "/rss.xml",
    "/sitemap.xml",
    "/robots.txt",
  ];

  it("is rendered once and then served from the cache, the same bytes with a strong ETag", async () => {
    for (const path of pages()) {
      const before = renders();
      const first = await get(path).expect(200).expect("x-cache", "MISS");
      const second = await get(path).expect(200).expect("x-cache", "HIT");
      expect(renders(), path).toBe(before + 1);
      expect(second.text).toBe(first.text);
      expect(second.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    }
  });

  it("is answered by the host's fast path with the headers it was rendered with", async () => {
    const page = await get("/industries").expect(200);
    const fast = await rawGet("/industries");
    expect(fast.headers["x-cache"]).toBe("HIT");
    expect(fast.body.toString()).toBe(page.text);
    expect(fast.headers["vary"]).toBe("Accept-Encoding");
    expect(fast.headers["content-length"]).toBe(String(fast.body.length));
  });

  it("is one entry whatever the order of its query parameters", async () => {
    await get("/blog?tag=speed&page=1").expect("x-cache", "MISS");
    await get("/blog?page=1&tag=speed").expect("x-cache", "HIT");
  });

  it("is kept when it is a 404, and not at all when it is a server error", async () => {
    await get("/blog/no-such-post").expect(404).expect("x-cache", "MISS");
    await get("/blog/no-such-post").expect(404).expect("x-cache", "HIT");
    // Made-up page numbers and tags are 404s nobody keeps (docs/decisions/007-public-tags-and-not-found-pages.md).
    await get("/blog?page=99").expect(404).expect("x-cache", "MISS");
    await get("/blog?page=99").expect(404).expect("x-cache", "MISS");
  });

  it("renders once for a burst of requests that arrive while it renders", async () => {
    await t.store.updatePost(post.id, { summary: "A burst of readers at once." });
    const before = renders();
    const answers = await Promise.all(Array.from({ length: 5 }, () => rawGet(`/blog/${post.slug}`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(renders()).toBe(before + 1);
  });
});

describe("a render under way when a write lands", () => {
  /** Holds the next render in its loader (the blog's pages read the published posts) until `release`. */
  function holdRender(): { reached: Promise<void>; release: () => void } {
    let reached!: () => void;
    const inLoader = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const publishedPosts = t.store.publishedPosts.bind(t.store);
    const held = vi.spyOn(t.store, "publishedPosts").mockImplementation(async () => {
      const posts = await publishedPosts();
      held.mockRestore();
      reached();
      await gate;
      return posts;
    });
    return { reached: inLoader, release };
  }

  it("is answered but not kept when the write touched what it shows, so the next request shows the write", async () => {
    const { reached, release } = holdRender();
    const answer = get("/blog?tag=mid-render").then((res) => res);
    await reached;
    await t.store.createPost(makePostInput({ title: "Landed mid-render", tags: ["Mid render"] }));
    // Asked after the write: it waits for the render under way, which is too old for it, and renders anew.
    const arrived = new Promise((resolve) => server.once("request", resolve));
    const joined = rawGet("/blog?tag=mid-render");
    await arrived;
    release();
    expect((await answer).text).not.toContain("Landed mid-render");
    expect((await joined).body.toString()).toContain("Landed mid-render");
    const next = await get("/blog?tag=mid-render").expect("x-cache", "MISS");
    expect(next.text).toContain("Landed mid-render");
  });

  it("is kept when the write touched nothing it shows (docs/decisions/141-renders-overtaken-by-their-topics.md)", async () => {
    const { reached, release } = holdRender();
    const answer = get(`/blog/${post.slug}`).then((res) => res);
    await reached;
    await t.store.createPost(makePostInput({ title: "Another tag's post", tags: ["Elsewhere"] }));
    release();
    expect((await answer).status).toBe(200);
    await get(`/blog/${post.slug}`).expect("x-cache", "HIT");
  });
});

describe("conditional and compressed answers", () => {
  it("answers 304 to a matching If-None-Match, weak or strong, and 200 to another tag", async () => {
    const { headers } = await get("/blog").expect(200);
    const etag = headers.etag!;
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const res = await rawGet("/blog", { "If-None-Match": tag });
      expect(res.status, tag).toBe(304);
      expect(res.body.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
    }
    expect((await rawGet("/blog", { "If-None-Match": '"other"' })).status).toBe(200);
    // A reload that asks past every cache (RFC 9111 5.2.1.4) gets the page, not a 304.
    expect((await rawGet("/blog", { "If-None-Match": etag, "Cache-Control": "no-cache" })).status).toBe(200);
    expect((await rawGet("/blog", { "If-None-Match": "*" })).status).toBe(304);
  });

  it("sends the brotli copy to a client that accepts br, then gzip, then none", async () => {
    const plain = await rawGet("/");
    const br = await rawGet("/", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["vary"]).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const gzip = await rawGet("/", { "Accept-Encoding": "gzip, br;q=0" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    const none = await rawGet("/", { "Accept-Encoding": "identity" });
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body.equals(plain.body)).toBe(true);
  });

  it("is compressed once behind the host's compression middleware, on a miss and on a hit", async () => {
    const host = express();
    host.use(compression());
    host.use(t.app);
    const behind = http.createServer(host);
    await new Promise<void>((resolve) => behind.listen(0, "127.0.0.1", resolve));
    try {
      const miss = await rawGet("/industries", { "Accept-Encoding": "br" }, behind);
      const hit = await rawGet("/industries", { "Accept-Encoding": "br" }, behind);
      const plain = await rawGet("/industries", {}, behind);
      expect([miss.headers["x-cache"], hit.headers["x-cache"]]).toEqual(["MISS", "HIT"]);
      for (const res of [miss, hit]) {
        expect(res.headers["content-encoding"]).toBe("br");
        expect(zlib.brotliDecompressSync(res.body).equals(plain.body)).toBe(true);
      }
    } finally {
      await new Promise((resolve) => behind.close(resolve));
    }
  });

  it("answers HEAD from the cache without a body", async () => {
    await get("/industries").expect(200);
    const head = await request(t.app).head("/industries").expect(200).expect("x-cache", "HIT");
    expect(head.text).toBeUndefined();
  });
});

describe("every content write drops the cache", () => {
  /** Primes /blog and the post page, makes the change, then expects both to render afresh. */
  async function expectDropped(change: () => Promise<unknown>) {
    await get("/blog");
    await get("/blog").expect("x-cache", "HIT");
    await change();
    return get("/blog").expect("x-cache", "MISS");
  }

  it("creating, updating and deleting a post through the store", async () => {
    let created!: Post;
    const page = await expectDropped(
      async () => (created = await t.store.createPost(makePostInput({ title: "Freshly created post" }))),
    );
    expect(page.text).toContain("Freshly created post");
    const renamed = await expectDropped(() => t.store.updatePost(created.id, { title: "Renamed fresh post" }));
    expect(renamed.text).toContain("Renamed fresh post");
    expect((await expectDropped(() => t.store.deletePost(created.id))).text).not.toContain("Renamed fresh post");
  });

  it("a purge and a restore", async () => {
    const doomed = await t.store.createPost(makePostInput({ title: "Purged then restored" }));
    expect((await expectDropped(() => t.store.deletePosts([doomed.id]))).text).not.toContain("Purged then restored");
    expect((await expectDropped(() => t.store.restorePosts([doomed]))).text).toContain("Purged then restored");
  });

  it("creating, updating and deleting through /api/cms as a signed-in admin", async () => {
    const { cookie } = await signedIn(t);
    let id = 0;
    const created = await expectDropped(async () => {
      const res = await request(t.app)
        .post("/api/cms/simple-create-post")
        .set("Cookie", cookie)
        .send(makePostInput({ title: "Written in the CMS" }))
        .expect(201);
      id = res.body.id;
    });
    expect(created.text).toContain("Written in the CMS");
    const updated = await expectDropped(() =>
      request(t.app)
        .put(`/api/cms/update-post/${id}`)
        .set("Cookie", cookie)
        .send(makePostInput({ title: "Edited in the CMS" }))
        .expect(200),
    );
    expect(updated.text).toContain("Edited in the CMS");
    const deleted = await expectDropped(() =>
      request(t.app).post(`/api/cms/delete-post/${id}`).set("Cookie", cookie).expect(200),
    );
    expect(deleted.text).not.toContain("Edited in the CMS");
  });

  it("but a contact message or a new user leaves it", async () => {
    await get("/industries");
    await request(t.app)
      .post("/api/contact")
      .send({ name: "Ada", email: "ada@example.com", message: "Hello there." })
      .expect(201);
    await signedIn(t);
    await get("/industries").expect("x-cache", "HIT");
  });
});

describe("never cached", () => {
  it("a signed-in request: neither answered from the cache nor stored", async () => {
    const { cookie } = await signedIn(t);
    await get("/blog");
    const hits = t.app.htmlCache.stats().hits;
    const signed = await get("/blog").set("Cookie", `theme=dark; ${cookie}`).expect(200);
    expect(signed.headers["x-cache"]).toBeUndefined();
    expect((await rawGet("/blog", { Cookie: cookie })).headers["x-cache"]).toBeUndefined();
    expect(t.app.htmlCache.stats().hits).toBe(hits);

    await t.store.createPost(makePostInput({ title: "Shown on /blog" })); // drops /blog
    await get("/blog").set("Cookie", cookie).expect(200);
    await get("/blog").expect("x-cache", "MISS");
  });

  it("never sends the topics header, to a signed-in reader either", async () => {
    const { cookie } = await signedIn(t);
    for (const path of ["/blog", `/blog/${post.slug}`, "/api/public/blog/posts"]) {
      for (const res of [await get(path), await get(path), await get(path).set("Cookie", cookie)]) {
        expect(res.status, path).toBe(200);
        expect(res.headers[SHOWS_HEADER.toLowerCase()], path).toBeUndefined();
      }
    }
  });

  it("a POST, even to a public page", async () => {
    const before = t.app.htmlCache.stats();
    const res = await request(t.app).post("/industries").type("form").send({ name: "", email: "x", message: "" });
    expect(res.headers["x-cache"]).toBeUndefined();
    expect(t.app.htmlCache.stats()).toMatchObject({ hits: before.hits, renders: before.renders });
  });

  it("/admin, the utility pages, /api and React Router's .data requests", async () => {
    for (const path of [
      "/admin",
      "/admin/debug-tools",
      "/system/health",
      "/api/cms/posts",
      "/api/public/health/database",
      "/blog.data",
      `/blog/${post.slug}.data`,
    ]) {
      for (let i = 0; i < 2; i++) expect((await get(path)).headers["x-cache"], path).toBeUndefined();
    }
  });
});

describe("the public blog API", () => {
  const calls = () => [
    "/api/public/blog/posts",
    "/api/public/blog/posts?page=1&pageSize=2",
    `/api/public/blog/posts/${post.slug}`,
    "/api/blog/posts",
    "/api/blog/tags",
  ];

  it("is answered from the cache, the same JSON, with an ETag, revalidated by browsers (no-cache)", async () => {
    await t.store.createTag({ name: "Api", slug: "api" }); // drops the cache
    for (const path of calls()) {
      const before = renders();
      const first = await get(path).expect(200).expect("x-cache", "MISS");
      const second = await get(`${path}${path.includes("?") ? "&" : "?"}cache=${Date.now()}`)
        .expect(200)
        .expect("x-cache", "HIT");
      expect(renders(), path).toBe(before + 1);
      expect(second.body, path).toEqual(first.body);
      expect(second.headers["content-type"]).toMatch(/^application\/json/);
      expect(second.headers["cache-control"]).toBe("no-cache");
      const revalidated = await rawGet(path, { "If-None-Match": second.headers.etag! });
      expect(revalidated.status, path).toBe(304);
    }
  });

  it("shows a write at once, and sends brotli to a client that accepts it", async () => {
    await get("/api/public/blog/posts").expect(200);
    const added = await t.store.createPost(makePostInput({ title: "Fresh from the API" }));
    const after = await get("/api/public/blog/posts").expect(200).expect("x-cache", "MISS");
    expect(after.body.map((p: Post) => p.slug)).toContain(added.slug);
    const br = await rawGet("/api/public/blog/posts", { "Accept-Encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(after.body);
    await t.store.deletePost(added.id);
  });

  it("keeps an unknown slug's 404 apart, and a bad paging request not at all", async () => {
    await get("/api/public/blog/posts/no-such-post").expect(404).expect("x-cache", "MISS");
    await get("/api/public/blog/posts/no-such-post").expect(404).expect("x-cache", "HIT");
    expect(t.app.htmlCache.stats().notFound.entries).toBeGreaterThan(0);
    const before = renders();
    for (let i = 0; i < 2; i++)
      expect((await get("/api/public/blog/posts?page=0&pageSize=5").expect(400)).headers["x-cache"]).not.toBe("HIT");
    expect(renders()).toBe(before + 2);
  });
});

describe("the byte bound", () => {
  it("keeps 404s in a small budget of their own: a flood of unknown URLs cannot push out a page", async () => {
    const small = await makeTestApp({ env: { HTML_CACHE_BYTES: "3200000" } });
    try {
      await request(small.app).get("/blog").expect(200).expect("x-cache", "MISS");
      const { notFound, maxBytes } = small.app.htmlCache.stats();
      expect(notFound.maxBytes).toBe(notFoundBudget(maxBytes));
      for (let i = 0; i < 30; i++) await request(small.app).get(`/blog/nonexistent-${i}`).expect(404);
      const after = small.app.htmlCache.stats();
      expect(after.notFound.bytes).toBeLessThanOrEqual(after.notFound.maxBytes);
      expect(after.notFound.entries).toBeGreaterThan(0);
      expect(after.notFound.entries).toBeLessThan(30); // the oldest misses went, not /blog
      await request(small.app).get("/blog").expect("x-cache", "HIT");
      expect(after.entries).toBe(1);
    } finally {
      await small.close();
    }
  }, 30_000);

  it("keeps the cache under HTML_CACHE_BYTES, dropping the least recently used page", async () => {
    // Room for about three industry pages, measured rather than guessed: a page's size changes with the site.
    const probe = await makeTestApp();
    await request(probe.app).get(`/industries/${INDUSTRIES[0]!.id}`).expect(200);
    const bound = 3 * probe.app.htmlCache.stats().bytes;
    await probe.close();
    const small = await makeTestApp({ env: { HTML_CACHE_BYTES: String(bound) } });
    try {
      for (const industry of INDUSTRIES) {
        await request(small.app).get(`/industries/${industry.id}`).expect(200);
        expect(small.app.htmlCache.stats().bytes).toBeLessThanOrEqual(bound);
      }
      const { entries } = small.app.htmlCache.stats();
      expect(entries).toBeGreaterThan(0);
      expect(entries).toBeLessThan(INDUSTRIES.length);
      await request(small.app)
        .get(`/industries/${INDUSTRIES.at(-1)!.id}`)
        .expect("x-cache", "HIT");
      await request(small.app).get(`/industries/${INDUSTRIES[0]!.id}`).expect("x-cache", "MISS");
    } finally {
      await small.close();
    }
  });

  it("HTML_CACHE_BYTES=0 turns the cache off", async () => {
    const off = await makeTestApp({ env: { HTML_CACHE_BYTES: "0" } });
    try {
      for (let i = 0; i < 2; i++)
        expect((await request(off.app).get("/blog").expect(200)).headers["x-cache"]).toBeUndefined();
      expect(off.app.htmlCache.stats()).toMatchObject({ hits: 0, renders: 0, entries: 0 });
    } finally {
      await off.close();
    }
  });
});
