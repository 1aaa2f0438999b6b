import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "~/server/config";
import { openSite } from "~/server/operations/open-site";
import type { CmsPost, PublicPost } from "~/shared/blog";
import { POST_MESSAGES } from "~/shared/schemas";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/**
 * A post's public date is when it first went public, `publishedAt`
 * (docs/decisions/185-published-means-published.md): on its page, its card, RSS, the sitemap,
 * JSON-LD and the public API; `createdAt` stays the draft's birth.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  await removeTempDirs();
});

/** Generous: the scheduler ticks every 100 ms here; the poll ends as soon as the post is out. */
const WAIT = { timeout: 20_000, interval: 100 };
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function adminOn(app: TestApp) {
  const { cookie } = await signedIn(app, "admin");
  const send = (req: request.Test, body: object) => req.set("Cookie", cookie).send(body);
  return {
    create: async (body: object) =>
      (await send(request(app.app).post("/api/cms/simple-create-post"), body).expect(201)).body as CmsPost,
    update: (id: number, body: object) => send(request(app.app).put(`/api/cms/update-post/${id}`), body),
    list: async () =>
      (await request(app.app).get("/api/cms/posts").set("Cookie", cookie).expect(200)).body as CmsPost[],
  };
}

const publicPost = async (app: TestApp, slug: string) =>
  (await request(app.app).get(`/api/public/blog/posts/${slug}`).expect(200)).body as PublicPost;

/** What the post page, the blog's card, RSS, the sitemap and JSON-LD say of the post's date. */
async function publicDates(app: TestApp, slug: string) {
  const page = (await request(app.app).get(`/blog/${slug}`).expect(200)).text;
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!);
  const blog = (await request(app.app).get("/blog").expect(200)).text;
  const card = new RegExp(
    `<time dateTime="([^"]+)"[^]*?href="/blog/${slug}"|href="/blog/${slug}"[^]*?<time dateTime="([^"]+)"`,
    "i",
  ).exec(blog);
  const rss = (await request(app.app).get("/rss.xml").expect(200)).text;
  const item = rss.split("<item>").find((i) => i.includes(`/blog/${slug}<`))!;
  const sitemap = (await request(app.app).get("/sitemap.xml").expect(200)).text;
  const url = sitemap.split("<url>").find((u) => u.includes(`/blog/${slug}<`))!;
  return {
    page: /<time dateTime="([^"]+)"/i.exec(page)![1],
    published_time: /property="article:published_time" content="([^"]+)"/.exec(page)![1],
    jsonLd: ld.datePublished as string,
    card: card![1] ?? card![2],
    rss: /<pubDate>([^<]+)<\/pubDate>/.exec(item)![1],
    sitemap: /<lastmod>([^<]+)<\/lastmod>/.exec(url)![1],
  };
}

describe("a scheduled post's public date", () => {
  it("is its publish time on its page, its card, RSS, the sitemap, JSON-LD and the public API", async () => {
    t = await makeTestApp({ env: { SCHEDULER_TICK_MS: "100" } });
    const admin = await adminOn(t);
    const publishAt = inSeconds(2);
    const draft = await admin.create(makePostInput({ published: false, title: "Queues at dusk", publishAt }));
    expect(draft.publishedAt).toBeNull();

    await vi.waitFor(async () => expect((await request(t!.app).get(`/blog/${draft.slug}`)).status).toBe(200), WAIT);
    const post = await publicPost(t, draft.slug);
    expect(post.createdAt).toBe(draft.createdAt);
    expect(Date.parse(post.publishedAt)).toBeGreaterThanOrEqual(Date.parse(publishAt));
    // The scheduled publish is the post's last save: its public date is that save's time.
    expect(post.publishedAt).toBe(post.updatedAt);
    expect(await publicDates(t, draft.slug)).toEqual({
      page: post.publishedAt,
      published_time: post.publishedAt,
      jsonLd: post.publishedAt,
      card: post.publishedAt,
      rss: new Date(post.publishedAt).toUTCString(),
      sitemap: post.publishedAt,
    });
    // Two seconds or more apart, so a feed dated by the draft's birth would differ here.
    expect(new Date(post.publishedAt).toUTCString()).not.toBe(new Date(post.createdAt).toUTCString());
    expect((await admin.list()).find((p) => p.id === draft.id)).toMatchObject({
      createdAt: draft.createdAt,
      publishedAt: post.publishedAt,
    });
  });
});

describe("publishing by hand", () => {
  it("dates the post at its publish, keeps that date over an unpublish and a republish, and publish as new resets it", async () => {
    t = await makeTestApp();
    const admin = await adminOn(t);
    const draft = await admin.create(makePostInput({ published: false }));
    expect(draft.publishedAt).toBeNull();
    await pause(5);

    const published = (await admin.update(draft.id, { published: true }).expect(200)).body as CmsPost;
    expect(published.publishedAt).toBe(published.updatedAt);
    expect(published.publishedAt).not.toBe(draft.createdAt);
    expect(published.createdAt).toBe(draft.createdAt);
    expect((await publicPost(t, draft.slug)).publishedAt).toBe(published.publishedAt);

    // An edit of a public post does not move its date.
    const edited = (await admin.update(draft.id, { title: "Queues, edited later" }).expect(200)).body as CmsPost;
    expect(edited.publishedAt).toBe(published.publishedAt);

    const unpublished = (await admin.update(draft.id, { published: false }).expect(200)).body as CmsPost;
    expect(unpublished.publishedAt).toBe(published.publishedAt);
    await pause(5);
    const republished = (await admin.update(draft.id, { published: true }).expect(200)).body as CmsPost;
    expect(republished.publishedAt).toBe(published.publishedAt);

    await admin.update(draft.id, { published: false }).expect(200);
    await pause(5);
    const asNew = (await admin.update(draft.id, { published: true, publishAsNew: true }).expect(200)).body as CmsPost;
    expect(asNew.publishedAt).toBe(asNew.updatedAt);
    expect(Date.parse(asNew.publishedAt!)).toBeGreaterThan(Date.parse(published.publishedAt!));
    expect((await publicPost(t, draft.slug)).publishedAt).toBe(asNew.publishedAt);

    // Sent on a post already public, it changes nothing; alone, it is nothing to update.
    const again = (await admin.update(draft.id, { title: "Queues, edited again", publishAsNew: true }).expect(200))
      .body as CmsPost;
    expect(again.publishedAt).toBe(asNew.publishedAt);
    expect((await admin.update(draft.id, { publishAsNew: true }).expect(400)).body.message).toBe(
      POST_MESSAGES.nothingToUpdate,
    );
    expect((await admin.update(draft.id, { published: true, publishAsNew: "yes" }).expect(400)).body.errors).toEqual({
      publishAsNew: [POST_MESSAGES.publishAsNew],
    });
    expect(await t.store.getPostById(draft.id)).not.toHaveProperty("publishAsNew");
  });

  it("orders the public lists by publish date and the admin's by creation", async () => {
    t = await makeTestApp();
    const admin = await adminOn(t);
    const older = await admin.create(makePostInput({ published: false, title: "Drafted on Monday" }));
    await pause(5);
    const newer = await admin.create(makePostInput({ published: true, title: "Written and out on Tuesday" }));
    await pause(5);
    await admin.update(older.id, { published: true }).expect(200);

    const publicList = (await request(t.app).get("/api/public/blog/posts").expect(200)).body as PublicPost[];
    expect(publicList.map((p) => p.id)).toEqual([older.id, newer.id]);
    const blog = (await request(t.app).get("/blog").expect(200)).text;
    expect(blog.indexOf(`/blog/${older.slug}"`)).toBeLessThan(blog.indexOf(`/blog/${newer.slug}"`));
    expect((await admin.list()).map((p) => p.id)).toEqual([newer.id, older.id]);
  });
});

describe("a backup", () => {
  it("carries the public date and a restore gives it back", async () => {
    t = await makeTestApp();
    const admin = await adminOn(t);
    const { cookie } = await signedIn(t, "admin");
    const draft = await admin.create(makePostInput({ published: false }));
    await pause(5);
    const published = (await admin.update(draft.id, { published: true }).expect(200)).body as CmsPost;
    const debug = (path: string) => request(t!.app).post(`/api/debug/${path}`).set("Cookie", cookie).send({});
    await debug("backup-posts").expect(200);
    await request(t.app).post(`/api/cms/delete-post/${draft.id}`).set("Cookie", cookie).expect(200);
    expect((await debug("restore-posts").expect(200)).body).toMatchObject({ restored: 1 });
    const restored = (await admin.list()).find((p) => p.id === draft.id)!;
    expect(restored).toMatchObject({ createdAt: draft.createdAt, publishedAt: published.publishedAt });
    expect(published.publishedAt).not.toBe(draft.createdAt);
  });
});

describe("a post of the previous release", () => {
  it("is dated by its creation when published, null when a draft, and its file is left as it was", async () => {
    const dataDir = makeTempDir("queuesite-published-at-");
    const site = await openSite(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir }), { seed: false });
    const live = await site.store.createPost(makePostInput({ published: true }));
    const draft = await site.store.createPost(makePostInput({ published: false }));
    await site.close();
    // As the previous release wrote it: no `publishedAt` anywhere.
    const file = path.join(dataDir, "db.json");
    const db = JSON.parse(fs.readFileSync(file, "utf8"));
    for (const post of db.posts) delete post.publishedAt;
    fs.writeFileSync(file, JSON.stringify(db));
    const before = fs.readFileSync(file, "utf8");

    t = await makeTestApp({ dataDir });
    const admin = await adminOn(t);
    const byId = new Map((await admin.list()).map((p) => [p.id, p]));
    expect(byId.get(live.id)!.publishedAt).toBe(live.createdAt);
    expect(byId.get(draft.id)!.publishedAt).toBeNull();
    expect((await publicPost(t, live.slug)).publishedAt).toBe(live.createdAt);
    const dates = await publicDates(t, live.slug);
    expect([dates.page, dates.jsonLd, dates.card]).toEqual([live.createdAt, live.createdAt, live.createdAt]);
    expect(fs.readFileSync(file, "utf8")).toBe(before);

    // Published for the first time now, the old draft is dated now.
    const published = (await admin.update(draft.id, { published: true }).expect(200)).body as CmsPost;
    expect(published.publishedAt).toBe(published.updatedAt);
  });

  it("restored from a backup of that release, is dated by its creation", async () => {
    t = await makeTestApp();
    const { publishAt: _none, ...old } = { ...makePostInput(), id: 40, createdAt: "2024-03-01T09:00:00.000Z" };
    // As a backup of that release holds it: no `publishedAt`.
    const saved = { ...old, updatedAt: old.createdAt, tags: [], published: true };
    const kept = { ...saved, id: 41, slug: `${saved.slug}-kept`, publishedAt: "2024-04-01T09:00:00.000Z" };
    await t.store.restorePosts([saved, kept]);
    expect((await t.store.getPostById(40))!.publishedAt).toBe("2024-03-01T09:00:00.000Z");
    expect((await t.store.getPostById(41))!.publishedAt).toBe("2024-04-01T09:00:00.000Z");
  });
});
