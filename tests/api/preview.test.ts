import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_MESSAGES } from "~/shared/blog";
import { PREVIEW_MESSAGES, previewPath } from "~/shared/preview";
import { pageKey } from "~/server/page-cache/html-cache";
import { sourcePageRules } from "../helpers/page-rules";
import type { Post } from "~/server/store/types";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/** Draft preview (docs/decisions/020-draft-preview.md): signed in only, never cached. */
type TestApp = Awaited<ReturnType<typeof makeTestApp>>;
let t: TestApp;
let draft: Post;
let published: Post;
let writerCookie: string;
let adminCookie: string;
let server: http.Server;

beforeAll(async () => {
  t = await makeTestApp({ env: { HTML_CACHE_BYTES: "1000000" } });
  draft = await t.store.createPost(
    makePostInput({ title: "Unreleased queue tricks", published: false, tags: ["Secret"] }),
  );
  published = await t.store.createPost(makePostInput({ title: "Public queue facts" }));
  writerCookie = (await signedIn(t, "writer")).cookie;
  adminCookie = (await signedIn(t, "admin")).cookie;
  // As the host runs it (src/server/serve.ts): the cache's lookup first, before Express.
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

function rawGet(path: string, headers: Record<string, string> = {}) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

describe("a draft at /blog/{slug}?preview", () => {
  it.each([
    ["writer", () => writerCookie],
    ["admin", () => adminCookie],
  ])("is rendered for a signed-in %s with the bar, noindex and no caching", async (_role, cookie) => {
    const res = await request(t.app).get(previewPath(draft.slug)).set("Cookie", cookie()).expect(200);
    expect(res.text).toContain("Unreleased queue tricks");
    expect(res.text).toContain(PREVIEW_MESSAGES.draftBar);
    expect(res.text).toContain(draft.content);
    expect(res.text).toMatch(/<meta name="robots" content="noindex"/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.headers["x-cache"]).toBeUndefined();
  });

  it("is the normal 404 for a visitor, and the public page never shows it", async () => {
    const normal = await request(t.app).get(`/blog/${draft.slug}`).expect(404);
    const preview = await request(t.app).get(previewPath(draft.slug)).expect(404);
    expect(preview.text).toContain(BLOG_MESSAGES.notFoundTitle);
    expect(preview.text).not.toContain("Unreleased queue tricks");
    expect(preview.text).not.toContain(PREVIEW_MESSAGES.draftBar);
    expect(normal.text).toContain(BLOG_MESSAGES.notFoundTitle);
    // A signed-in writer's plain URL is still the public page: a 404 for a draft.
    await request(t.app).get(`/blog/${draft.slug}`).set("Cookie", writerCookie).expect(404);
  });

  it("is a 404 for a session cookie that does not unseal", async () => {
    const res = await request(t.app).get(previewPath(draft.slug)).set("Cookie", "queuewise_session=forged").expect(404);
    expect(res.text).not.toContain("Unreleased queue tricks");
  });

  it("answers the preview's data requests (client navigation) only when signed in", async () => {
    const path = `/blog/${draft.slug}.data?preview`;
    const signedInData = await request(t.app).get(path).set("Cookie", adminCookie);
    expect(signedInData.text).toContain("Unreleased queue tricks");
    expect(signedInData.headers["cache-control"]).toBe("private, no-store");
    const visitorData = await request(t.app).get(path);
    expect(visitorData.text).not.toContain("Unreleased queue tricks");
  });

  it("an unknown slug is a 404 for a signed-in writer too", async () => {
    await request(t.app).get(previewPath("no-such-post-anywhere")).set("Cookie", writerCookie).expect(404);
  });
});

describe("a published post's preview", () => {
  it("shows the post with the published bar", async () => {
    const res = await request(t.app).get(previewPath(published.slug)).set("Cookie", writerCookie).expect(200);
    expect(res.text).toContain(PREVIEW_MESSAGES.publishedBar);
    expect(res.text).not.toContain(PREVIEW_MESSAGES.draftBar);
  });

  it("signed out it is the public page without the bar", async () => {
    const res = await request(t.app).get(previewPath(published.slug)).expect(200);
    expect(res.text).toContain("Public queue facts");
    expect(res.text).not.toContain(PREVIEW_MESSAGES.publishedBar);
  });
});

describe("the rendered-page cache", () => {
  it("never gives a preview URL a key", async () => {
    const rules = await sourcePageRules();
    expect(pageKey("/blog/x?preview", rules)).toBeUndefined();
    expect(pageKey("/blog/x?preview=1", rules)).toBeUndefined();
    expect(pageKey("/blog/x?a=1&preview", rules)).toBeUndefined();
    expect(pageKey("/blog/x?%70review", rules)).toBeUndefined();
    expect(pageKey("/blog/x", rules)).toBe("/blog/x");
  });

  it("neither keeps nor answers a preview, signed in or out, through the host's fast path", async () => {
    const before = t.app.htmlCache.stats();
    for (let i = 0; i < 2; i++) {
      const visitor = await rawGet(previewPath(published.slug));
      expect(visitor.status).toBe(200);
      expect(visitor.headers["x-cache"]).toBeUndefined();
      const visitorDraft = await rawGet(previewPath(draft.slug));
      expect(visitorDraft.status).toBe(404);
      expect(visitorDraft.headers["x-cache"]).toBeUndefined();
      const writer = await rawGet(previewPath(draft.slug), { cookie: writerCookie });
      expect(writer.status).toBe(200);
      expect(writer.headers["x-cache"]).toBeUndefined();
    }
    // A visitor asking for the same draft after a writer previewed it still gets the 404.
    const after = await rawGet(previewPath(draft.slug));
    expect(after.status).toBe(404);
    expect(after.body).not.toContain("Unreleased queue tricks");
    expect(t.app.htmlCache.stats().entries).toBe(before.entries);
    expect(t.app.htmlCache.stats().hits).toBe(before.hits);
  });
});
