import { createHmac } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBlogService } from "~/server/posts/blog";
import { createPreviewLinks } from "~/server/posts/preview-links";
import { previewLinkKey, readPreviewToken, signPreviewToken } from "~/server/lifecycle/preview-token";
import type { Post, User } from "~/server/store/types";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { PREVIEW_MESSAGES } from "~/shared/preview";
import {
  PREVIEW_LINK_MESSAGES,
  PREVIEW_LINK_MS,
  PREVIEW_LINK_PREFIX,
  previewLinkPath,
  previewLinksApiPath,
} from "~/shared/preview-links";
import { makePostInput } from "../helpers/factories";
import { makeUser, sessionCookie, signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/** Shared preview links (docs/decisions/181-shared-preview-links.md). */
type TestApp = Awaited<ReturnType<typeof makeTestApp>>;
let t: TestApp;
let draft: Post;
let writerCookie: string;
let contributor: User;
let contributorCookie: string;
let server: http.Server;

beforeAll(async () => {
  // The page cache on, as production runs it, so a test can see it keeps nothing.
  t = await makeTestApp({ env: { HTML_CACHE_BYTES: "1000000" } });
  draft = await t.store.createPost(
    makePostInput({ title: "Unreleased queue tricks", published: false, tags: ["Secret"] }),
  );
  writerCookie = (await signedIn(t, "writer")).cookie;
  contributor = (await makeUser(t.store, { role: "contributor" })).user;
  contributorCookie = await sessionCookie(t, contributor.id);
  // As the host runs it (src/server/serve.ts): the cache's lookup first, before Express.
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

function rawGet(path: string) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

async function createLink(postId: number, cookie = writerCookie) {
  const res = await request(t.app).post(previewLinksApiPath(postId)).set("Cookie", cookie).expect(201);
  return res.body as { url: string; expiresAt: string };
}

const pathOf = (url: string) => new URL(url).pathname;
const tokenOf = (url: string) => pathOf(url).slice(PREVIEW_LINK_PREFIX.length);

function expectNotFound(res: { status: number; headers: IncomingHttpHeaders; body: string }) {
  expect(res.status).toBe(404);
  expect(res.body).toContain(PREVIEW_LINK_MESSAGES.notFoundTitle);
  // Nothing of the draft: not its title, its text, or that there is a post at all.
  expect(res.body).not.toContain("Unreleased queue tricks");
  expect(res.body).not.toContain(draft.content);
  expect(res.headers["cache-control"]).toBe("private, no-store");
  expect(res.headers["x-robots-tag"]).toBe("noindex");
}

describe("creating a preview link", () => {
  it("answers 201 with the link and its expiry a week ahead, and logs who made it", async () => {
    const before = Date.now();
    const { url, expiresAt } = await createLink(draft.id);
    const after = Date.now();
    expect(url.startsWith(`${t.config.publicUrl}${PREVIEW_LINK_PREFIX}`)).toBe(true);
    expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(before + PREVIEW_LINK_MS);
    expect(Date.parse(expiresAt)).toBeLessThanOrEqual(after + PREVIEW_LINK_MS);
    const payload = readPreviewToken(tokenOf(url), previewLinkKey(t.sessionSecret));
    expect(payload).toEqual({ subject: "post", id: draft.id, expiresAt, generation: 0 });
    const entries = await t.activity.entries();
    expect(entries.some((e) => e.kind === "preview-link" && e.what.startsWith(`post ${draft.id} `))).toBe(true);
  });

  it("is refused signed out (401), for a missing post (404) and to a contributor for another's post (403)", async () => {
    await request(t.app).post(previewLinksApiPath(draft.id)).expect(401);
    await request(t.app).delete(previewLinksApiPath(draft.id)).expect(401);
    await request(t.app).post(previewLinksApiPath(999_999)).set("Cookie", writerCookie).expect(404);
    await request(t.app).delete(previewLinksApiPath(999_999)).set("Cookie", writerCookie).expect(404);
    await request(t.app).post(previewLinksApiPath(draft.id)).set("Cookie", contributorCookie).expect(403);
    await request(t.app).delete(previewLinksApiPath(draft.id)).set("Cookie", contributorCookie).expect(403);
  });

  it("is a contributor's for their own draft, not once it is published", async () => {
    const own = await t.store.createPost(makePostInput({ published: false }), { by: contributor });
    await createLink(own.id, contributorCookie);
    const published = await t.store.createPost(makePostInput({ published: true }), { by: contributor });
    await request(t.app).post(previewLinksApiPath(published.id)).set("Cookie", contributorCookie).expect(403);
  });
});

describe("opening a preview link", () => {
  it("shows the draft signed out as its preview does, with the shared bar, noindex and no caching", async () => {
    const { url, expiresAt } = await createLink(draft.id);
    for (let i = 0; i < 2; i++) {
      const res = await rawGet(pathOf(url));
      expect(res.status).toBe(200);
      expect(res.body).toContain("Unreleased queue tricks");
      expect(res.body).toContain(draft.content);
      expect(res.body).toContain(PREVIEW_LINK_MESSAGES.bar(expiresAt));
      // No admin chrome: the signed-in preview's link back to the admin is not there.
      expect(res.body).not.toContain(PREVIEW_MESSAGES.backToAdmin);
      expect(res.body).toMatch(/<meta name="robots" content="noindex"/);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers["x-robots-tag"]).toBe("noindex");
      // Answered by the app both times: the page cache neither kept nor served it.
      expect(res.headers["x-cache"]).toBeUndefined();
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("keeps working after the post's slug changes", async () => {
    const post = await t.store.createPost(makePostInput({ title: "Renamed later", published: false }));
    const { url } = await createLink(post.id);
    await t.store.updatePost(post.id, { slug: `${post.slug}-renamed` });
    const res = await rawGet(pathOf(url));
    expect(res.status).toBe(200);
    expect(res.body).toContain("Renamed later");
  });

  it("is a 404 once expired", async () => {
    const token = signPreviewToken(
      { subject: "post", id: draft.id, expiresAt: new Date(Date.now() - 1000).toISOString(), generation: 0 },
      previewLinkKey(t.sessionSecret),
    );
    expectNotFound(await rawGet(previewLinkPath(token)));
  });

  it("opens a link made before links named their record's kind; one naming another kind of record is a 404", async () => {
    const key = previewLinkKey(t.sessionSecret);
    const expiresAt = "2099-01-01T00:00:00.000Z";
    // The older payload, {postId, expiresAt, generation}, signed as that release signed it.
    const body = Buffer.from(JSON.stringify({ postId: draft.id, expiresAt, generation: 0 })).toString("base64url");
    const older = `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
    expect(readPreviewToken(older, key)).toEqual({ subject: "post", id: draft.id, expiresAt, generation: 0 });
    expect((await rawGet(previewLinkPath(older))).status).toBe(200);
    const page = signPreviewToken({ subject: "page", id: draft.id, expiresAt, generation: 0 }, key);
    expectNotFound(await rawGet(previewLinkPath(page)));
  });

  it("is a 404 when tampered with", async () => {
    const { url } = await createLink(draft.id);
    const [body, signature] = tokenOf(url).split(".") as [string, string];
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
    // A later expiry under the old signature; a changed signature; a token signed with another key.
    const longer = Buffer.from(JSON.stringify({ ...payload, expiresAt: "2099-01-01T00:00:00.000Z" })).toString(
      "base64url",
    );
    const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    const otherKey = signPreviewToken(
      { subject: "post", id: draft.id, expiresAt: "2099-01-01T00:00:00.000Z", generation: 0 },
      previewLinkKey("another site's secret, at least 32 characters long"),
    );
    for (const token of [`${longer}.${signature}`, `${body}.${flipped}`, otherKey, "nonsense", `${body}.`]) {
      expectNotFound(await rawGet(previewLinkPath(token)));
    }
  });

  it("is a 404 once the post's links are revoked; a new link works, and the post is not saved by it", async () => {
    const post = await t.store.createPost(makePostInput({ title: "Revoked soon", published: false }));
    const first = await createLink(post.id);
    const second = await createLink(post.id);
    const res = await request(t.app).delete(previewLinksApiPath(post.id)).set("Cookie", writerCookie).expect(200);
    expect(res.body).toEqual({ revoked: true });
    for (const { url } of [first, second]) expect((await rawGet(pathOf(url))).status).toBe(404);
    const fresh = await createLink(post.id);
    expect((await rawGet(pathOf(fresh.url))).status).toBe(200);
    const stored = (await t.store.getPostById(post.id))!;
    expect(stored.updatedAt).toBe(post.updatedAt);
    expect(stored.previewGeneration).toBe(1);
    // The CMS answers keep their shape: the counter is the links' business only.
    const cms = await request(t.app).get("/api/cms/posts").set("Cookie", writerCookie).expect(200);
    expect((cms.body as Record<string, unknown>[]).find((p) => p.id === post.id)).not.toHaveProperty(
      "previewGeneration",
    );
    const entries = await t.activity.entries();
    expect(
      entries.some((e) => e.kind === "preview-revoke" && e.what === ACTIVITY_MESSAGES.post(post.id, post.title)),
    ).toBe(true);
  });

  it("is a 404 once the post is deleted", async () => {
    const post = await t.store.createPost(makePostInput({ title: "Gone soon", published: false }));
    const { url } = await createLink(post.id);
    await t.store.deletePost(post.id);
    expect((await rawGet(pathOf(url))).status).toBe(404);
  });
});

describe("a link's week", () => {
  it("opens until the seventh day ends and not a moment after, by the service's clock", async () => {
    let clock = Date.parse("2026-03-01T12:00:00.000Z");
    const links = createPreviewLinks(
      { store: t.store, blog: createBlogService(t.store) },
      { sessionSecret: t.sessionSecret, publicUrl: t.config.publicUrl, now: () => clock },
    );
    const { url, expiresAt } = await links.create(draft.id);
    expect(expiresAt).toBe("2026-03-08T12:00:00.000Z");
    clock = Date.parse(expiresAt) - 1;
    expect((await links.open(tokenOf(url)))?.post.title).toBe("Unreleased queue tricks");
    clock = Date.parse(expiresAt);
    expect(await links.open(tokenOf(url))).toBeUndefined();
  });
});
