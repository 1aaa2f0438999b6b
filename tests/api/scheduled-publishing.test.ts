import request from "supertest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "~/server/config";
import { openSite } from "~/server/operations/open-site";
import { STORAGE_MESSAGES } from "~/server/store/storage-errors";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import type { CmsPost } from "~/shared/blog";
import { POST_MESSAGES } from "~/shared/schemas";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { failingDisk } from "../helpers/disk-full";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp, type TestApp } from "../helpers/test-app";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

/** Ticks short enough that a test waits well under a second for the scheduler. */
const FAST = { SCHEDULER_TICK_MS: "100" };
/** Generous: the bound is 30 s; the poll ends as soon as the post is out. */
const WAIT = { timeout: 20_000, interval: 100 };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  await removeTempDirs();
});

/** A draft, as a post waiting for its schedule is. */
const draft = (overrides: object) => makePostInput({ published: false, ...overrides });
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

async function adminOn(app: TestApp) {
  const { cookie, user } = await signedIn(app, "admin");
  const send = (req: request.Test, body: object) => req.set("Cookie", cookie).send(body);
  return {
    user,
    cookie,
    create: (body: object) => send(request(app.app).post("/api/cms/simple-create-post"), body),
    update: (id: number, body: object) => send(request(app.app).put(`/api/cms/update-post/${id}`), body),
    post: async (id: number) =>
      (await request(app.app).get(`/admin/data/posts?id=${id}`).set("Cookie", cookie).expect(200)).body.post as CmsPost,
    list: async () => (await request(app.app).get("/admin/data/posts").set("Cookie", cookie).expect(200)).body,
  };
}

const publicStatus = async (app: TestApp, slug: string) => (await request(app.app).get(`/blog/${slug}`)).status;

describe("publishAt on create and update", () => {
  it("refuses a malformed time, one without an offset, one past, and a schedule on a published post", async () => {
    t = await makeTestApp();
    const admin = await adminOn(t);
    const field = async (body: object, id?: number) => {
      const res = await (id ? admin.update(id, body) : admin.create(draft(body)));
      expect(res.status).toBe(400);
      return res.body.errors.publishAt;
    };
    expect(await field({ publishAt: "next tuesday" })).toEqual([POST_MESSAGES.publishAt]);
    expect(await field({ publishAt: "2031-05-01T09:30:00" })).toEqual([POST_MESSAGES.publishAt]);
    expect(await field({ publishAt: 1_900_000_000_000 })).toEqual([POST_MESSAGES.publishAt]);
    expect(await field({ publishAt: "2020-05-01T09:30:00+02:00" })).toEqual([POST_MESSAGES.publishAtPast]);
    expect(await field({ publishAt: inSeconds(3600), published: true })).toEqual([POST_MESSAGES.publishAtPublished]);
    const published = (await admin.create(makePostInput({ published: true }))).body as CmsPost;
    expect(await field({ publishAt: inSeconds(3600) }, published.id)).toEqual([POST_MESSAGES.publishAtPublished]);
    expect((await t.store.listPosts()).map((p) => p.id)).toEqual([published.id]);
  });

  it("stores a future time as UTC with status scheduled, and null clears it", async () => {
    t = await makeTestApp();
    const admin = await adminOn(t);
    const created = await admin.create(draft({ publishAt: "2031-05-01T09:30:00+02:00" })).expect(201);
    expect(created.body).toMatchObject({
      published: false,
      status: "scheduled",
      publishAt: "2031-05-01T07:30:00.000Z",
    });
    expect((await admin.list()).result.posts[0]).toMatchObject({
      status: "scheduled",
      publishAt: "2031-05-01T07:30:00.000Z",
    });

    const moved = await admin.update(created.body.id, { publishAt: "2032-01-01T00:00:00Z" }).expect(200);
    expect(moved.body).toMatchObject({ status: "scheduled", publishAt: "2032-01-01T00:00:00.000Z" });
    const cleared = await admin.update(created.body.id, { publishAt: null }).expect(200);
    expect(cleared.body.status).toBe("draft");
    expect(cleared.body).not.toHaveProperty("publishAt");
    expect(await t.store.getPostById(created.body.id)).not.toHaveProperty("publishAt");
  });
});

describe("backup and restore", () => {
  it("give back a schedule and who set it; a restored schedule that is no date is refused", async () => {
    t = await makeTestApp();
    const admin = await adminOn(t);
    const { body: post } = await admin.create(draft({ publishAt: "2031-05-01T09:30:00+02:00" })).expect(201);
    const stored = await t.store.getPostById(post.id);
    expect(stored).toMatchObject({ publishAt: "2031-05-01T07:30:00.000Z", scheduledBy: admin.user.id });

    await request(t.app).post("/api/debug/backup-posts").set("Cookie", admin.cookie).expect(200);
    await t.store.deletePost(post.id);
    await request(t.app).post("/api/debug/restore-posts").set("Cookie", admin.cookie).send({}).expect(200);
    expect(await t.store.getPostById(post.id)).toEqual(stored);

    const broken = { ...stored!, id: 900, slug: "broken-schedule", publishAt: "soon" };
    const res = await request(t.app)
      .post("/api/debug/restore-posts")
      .set("Cookie", admin.cookie)
      .send({ posts: [broken] })
      .expect(200);
    expect(res.body.refused).toEqual([{ id: 900, field: "publishAt", message: POST_MESSAGES.dateTime }]);
  });
});

describe("the scheduler", () => {
  it("publishes a post 2 s ahead by itself: on the blog, in RSS and the sitemap, credited to who scheduled it", async () => {
    t = await makeTestApp({ env: FAST });
    const admin = await adminOn(t);
    // The pages are cached first, so the publish has to drop them as a manual one does.
    for (const path of ["/blog", "/rss.xml", "/sitemap.xml"]) await request(t.app).get(path).expect(200);
    const { body: post } = await admin.create(draft({ title: "Queues at dawn", publishAt: inSeconds(2) }));
    expect(post.status).toBe("scheduled");
    expect(await publicStatus(t, post.slug)).toBe(404);

    await vi.waitFor(async () => expect(await publicStatus(t!, post.slug)).toBe(200), WAIT);
    for (const path of ["/blog", "/rss.xml", "/sitemap.xml"]) {
      expect((await request(t.app).get(path).expect(200)).text).toContain(`/blog/${post.slug}`);
    }
    const stored = await admin.post(post.id);
    expect(stored.status).toBe("published");
    expect(stored).not.toHaveProperty("publishAt");
    expect(stored).not.toHaveProperty("publishedLate");

    const revisions = await t.store.listRevisions("post", post.id);
    // Saves close together by one person share a revision; the newest is the publish, theirs.
    expect(revisions[0]).toMatchObject({ by: { id: admin.user.id }, snapshot: { published: true } });
    expect(revisions[0]!.snapshot).not.toHaveProperty("publishAt");
    const publishes = (await t.activity.entries()).filter((e) => e.kind === "publish");
    expect(publishes).toMatchObject([
      {
        userId: admin.user.id,
        what: ACTIVITY_MESSAGES.publishedOnSchedule(ACTIVITY_MESSAGES.post(post.id, "Queues at dawn")),
      },
    ]);
  });

  it("publishes at start a schedule missed while the server was stopped, and marks it late", async () => {
    const dataDir = makeTempDir("queuesite-schedule-");
    const planned = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    // Written while no app runs: the store alone, as the server had left it before going down.
    const site = await openSite(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir }), { seed: false });
    const missed = await site.store.createPost({ ...draft({ title: "Missed schedule" }), publishAt: planned });
    await site.close();

    t = await makeTestApp({ dataDir });
    await vi.waitFor(async () => expect(await publicStatus(t!, missed.slug)).toBe(200), WAIT);
    const admin = await adminOn(t);
    const stored = await admin.post(missed.id);
    expect(stored.status).toBe("published");
    expect(stored.publishedLate?.planned).toBe(planned);
    expect(Date.parse(stored.publishedLate!.published)).toBeGreaterThan(Date.parse(planned));
    const health = (await request(t.app).get("/api/public/health/database").set("Cookie", admin.cookie).expect(200))
      .body;
    expect(health.schedules).toEqual({ failures: [], late: [{ postId: missed.id, ...stored.publishedLate }] });
    const [entry] = (await t.activity.entries()).filter((e) => e.kind === "publish");
    expect(entry!.what).toBe(
      ACTIVITY_MESSAGES.publishedOnSchedule(ACTIVITY_MESSAGES.post(missed.id, "Missed schedule"), planned),
    );
  });

  it("records a publish the disk refuses, shows why, and retries it every tick until it goes out", async () => {
    // The store and the scheduler log the cause, for the operator.
    expectConsoleError(/injected/);
    expectConsoleError(/on schedule failed/);
    const { disk, wrapAdapter } = failingDisk();
    t = await makeTestApp({ env: FAST, wrapAdapter });
    const admin = await adminOn(t);
    const { body: post } = await admin.create(draft({ publishAt: inSeconds(1) })).expect(201);
    disk.failWith = "ENOSPC";

    const failure = { postId: post.id, publishAt: post.publishAt, reason: STORAGE_MESSAGES.ENOSPC };
    await vi.waitFor(async () => {
      const health = (await request(t!.app).get("/api/public/health/database").set("Cookie", admin.cookie)).body;
      expect(health.schedules.failures).toMatchObject([failure]);
    }, WAIT);
    expect((await admin.list()).scheduleFailures).toEqual({ [post.id]: STORAGE_MESSAGES.ENOSPC });
    expect(await publicStatus(t, post.slug)).toBe(404);

    // Only the scheduler publishes: the disk recovers and nobody else writes.
    disk.failWith = undefined;
    await vi.waitFor(async () => expect(await publicStatus(t!, post.slug)).toBe(200), WAIT);
    expect((await admin.list()).scheduleFailures).toEqual({});
    expect((await t.store.listRevisions("post", post.id)).filter((r) => r.changed.includes("published"))).toHaveLength(
      1,
    );
  });
});
