import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JSON_BODY_MESSAGES } from "~/server/http/json-body";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { BACKUP_FORMAT, BACKUP_MESSAGES } from "~/server/backups/backup-file";
import { backupsDir } from "~/server/backups/backup-folder";
import { BACKUP_SERVICE_MESSAGES } from "~/server/backups/backup-service";
import { postNotFoundMessage } from "~/server/posts/post-lifecycle";
import type { Post } from "~/server/store/types";
import type { BackupInfo } from "~/shared/operations";
import { POST_MESSAGES } from "~/shared/schemas";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

let t: Awaited<ReturnType<typeof makeTestApp>>;
let admin: string;
let writer: string;

async function start(env: Record<string, string> = {}) {
  t = await makeTestApp({ env });
  admin = (await signedIn(t, "admin")).cookie;
  writer = (await signedIn(t, "writer")).cookie;
}
beforeEach(() => start());
afterEach(() => t.close());

/** The calls of docs/product.md section 7 as the debug pages make them; `cookie` absent means signed out. */
const as = (cookie: string | undefined, req: request.Test) => (cookie ? req.set("Cookie", cookie) : req);
const api = {
  list: (cookie?: string) => as(cookie, request(t.app).get("/api/debug/list-posts")),
  remove: (id: number | string, cookie?: string) => as(cookie, request(t.app).delete(`/api/debug/delete-post/${id}`)),
  backup: (cookie?: string) => as(cookie, request(t.app).post("/api/debug/backup-posts")),
  backups: (cookie?: string) => as(cookie, request(t.app).get("/api/debug/backups")),
  download: (name: string, cookie?: string) => as(cookie, request(t.app).get(`/api/debug/backups/${name}`)),
  restore: (body: object | undefined, cookie?: string) => {
    const req = as(cookie, request(t.app).post("/api/debug/restore-posts"));
    return body === undefined ? req : req.send(body);
  },
  purge: (cookie?: string) => as(cookie, request(t.app).post("/api/debug/purge-all-posts")),
  removeTestPosts: (cookie?: string) => as(cookie, request(t.app).post("/api/admin/force-remove-test-posts")),
};

/** A well-formed backup name with no file. */
const MISSING = "posts-2000-01-01T00-00-00.000Z.json";
const backupsFolder = () => backupsDir(t.dataDir);
const backupNames = () => (fs.existsSync(backupsFolder()) ? fs.readdirSync(backupsFolder()).sort() : []);
const backupText = (name: string) => fs.readFileSync(path.join(backupsFolder(), name), "utf8");

/** Everything these calls could change, to show that a refused call changed nothing. */
async function state() {
  return { posts: await t.store.listPosts(), tags: await t.store.listTags(), backups: backupNames() };
}

/** Posts with every kind of field: tags, a draft, a cover image, an old post with only `excerpt`, and test titles. */
async function seedPosts(): Promise<Post[]> {
  await t.store.createPost(makePostInput({ title: "Queues at the airport", tags: ["Airports", "Travel"] }));
  await t.store.createPost(
    makePostInput({ title: "Draft about retail", published: false, coverImage: "https://images.example/a.png" }),
  );
  await t.store.createPost(makePostInput({ title: "Test post one" }));
  await t.store.createPost(makePostInput({ title: "TESTING the editor" }));
  await t.store.createPost(makePostInput({ title: "Latest queue trends" }));
  const template = (await t.store.listPosts()).find((p) => p.title === "Queues at the airport")!;
  const { summary: _, ...old } = { ...template, id: 500, slug: "from-an-older-release", excerpt: "An old excerpt" };
  await t.store.restorePosts([old]);
  return t.store.listPosts();
}

describe("refusals (docs/architecture.md section 5): nothing changes", () => {
  /**
   * Every endpoint, with a backup on disk and a post missing from the store, so that any call let
   * through would change something. Reads are refused by role only: a cross-origin GET changes nothing.
   */
  async function everyCall(cookie: string | undefined) {
    const posts = await seedPosts();
    const { file } = (await api.backup(admin).expect(200)).body;
    await t.store.deletePost(posts[0]!.id);
    return {
      reads: [api.list(cookie), api.backups(cookie), api.download(file, cookie)],
      writes: [
        api.remove(posts[1]!.id, cookie),
        api.backup(cookie),
        api.restore({}, cookie),
        api.purge(cookie),
        api.removeTestPosts(cookie),
      ],
    };
  }

  const noHeaders: Record<string, string> = {};
  it.each([
    ["a signed-out caller", 401, AUTH_MESSAGES.signInRequired, "none", noHeaders],
    ["a writer", 403, AUTH_MESSAGES.adminsOnly, "writer", noHeaders],
    [
      "an admin's cross-origin write (Origin)",
      403,
      AUTH_MESSAGES.crossOrigin,
      "admin",
      { Origin: "https://evil.example" },
    ],
    [
      "an admin's cross-site write (Sec-Fetch-Site)",
      403,
      AUTH_MESSAGES.crossOrigin,
      "admin",
      { "Sec-Fetch-Site": "cross-site" },
    ],
  ] as const)("%s gets %i", async (_, status, message, who, headers) => {
    const { reads, writes } = await everyCall(who === "none" ? undefined : who === "writer" ? writer : admin);
    const before = await state();
    const crossOrigin = Object.keys(headers).length > 0;
    for (const call of crossOrigin ? writes : [...reads, ...writes]) {
      const res = await call.set(headers);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ message });
    }
    expect(await state()).toEqual(before);
  });
});

describe("backup, purge, restore (docs/architecture.md section 4)", () => {
  it("gives back every post identical: ids, slugs, content, dates, tags, drafts and old excerpts", async () => {
    const before = await seedPosts();
    const listed = (await api.list(admin).expect(200)).body.posts;

    const backup = await api.backup(admin).expect(200);
    expect(backup.body).toEqual({ count: before.length, file: expect.stringMatching(/^posts-.*\.json$/) });

    const purge = await api.purge(admin).expect(200);
    const purgeBackup = purge.body.backup;
    expect(purge.body).toEqual({
      results: { totalPosts: before.length, deleted: before.length, failed: 0 },
      backup: purgeBackup,
      message: BACKUP_SERVICE_MESSAGES.purged(before.length, purgeBackup),
    });
    expect(backupNames()).toEqual([backup.body.file, purgeBackup].sort()); // purge took its own backup first
    expect(await t.store.listPosts()).toEqual([]);

    const restored = await api.restore(undefined, admin).expect(200); // no body: the newest backup
    expect(restored.body).toEqual({
      success: true,
      restored: before.length,
      skipped: 0,
      refused: [],
      message: BACKUP_SERVICE_MESSAGES.restored(before.length, 0),
    });
    expect(await t.store.listPosts()).toEqual(before);
    expect((await api.list(admin).expect(200)).body.posts).toEqual(listed);
    expect((await t.store.getPostById(500))?.excerpt).toBe("An old excerpt");

    const again = await api.restore({}, admin).expect(200);
    expect(again.body).toMatchObject({ restored: 0, skipped: before.length });
    expect(await t.store.listPosts()).toEqual(before);
  });

  it("restores only the missing posts from a named backup, from a downloaded one uploaded, and from bare {posts}", async () => {
    const before = await seedPosts();
    const { file } = (await api.backup(admin).expect(200)).body;
    await t.store.deletePost(before[0]!.id);
    expect((await api.restore({ file }, admin).expect(200)).body).toMatchObject({
      restored: 1,
      skipped: before.length - 1,
    });

    const downloaded = JSON.parse((await api.download(file, admin).expect(200)).text);
    await t.store.deletePosts([before[1]!.id, before[2]!.id]);
    expect((await api.restore(downloaded, admin).expect(200)).body).toMatchObject({ restored: 2 });

    await t.store.deletePost(before[3]!.id);
    expect((await api.restore({ posts: downloaded.posts }, admin).expect(200)).body).toMatchObject({ restored: 1 });
    expect(await t.store.listPosts()).toEqual(before);
  });

  it("refuses each post that breaks a post rule, naming it, and restores the rest", async () => {
    const [template] = await seedPosts();
    const post = (id: number, fields: Partial<Post>) => ({ ...template!, id, slug: `restored-${id}`, ...fields });
    const upload = {
      posts: [
        post(601, { coverImage: "javascript:alert(1)" }),
        post(602, { slug: "<b>bold</b>" }),
        post(603, { slug: "line\u0007bell" }),
        post(604, { createdAt: "not a date" }),
        post(605, {}),
      ],
    };
    const refused = [
      { id: 601, field: "coverImage", message: POST_MESSAGES.coverImage },
      { id: 602, field: "slug", message: POST_MESSAGES.slugPattern },
      { id: 603, field: "slug", message: POST_MESSAGES.slugPattern },
      { id: 604, field: "createdAt", message: POST_MESSAGES.dateTime },
    ];
    expect((await api.restore(upload, admin).expect(200)).body).toEqual({
      success: true,
      restored: 1,
      skipped: 0,
      refused,
      message: BACKUP_SERVICE_MESSAGES.restored(1, 0, refused),
    });
    expect(await t.store.getPostById(605)).toMatchObject({ slug: "restored-605" });
    for (const id of [601, 602, 603, 604]) expect(await t.store.getPostById(id)).toBeUndefined();
  });

  it("takes an upload far above the 32kb of other calls", async () => {
    const content = `<p>${"Long content about queues. ".repeat(2000)}</p>`; // about 54 KB
    const post = await t.store.createPost(makePostInput({ content }));
    const { file } = (await api.backup(admin).expect(200)).body;
    await t.store.deletePost(post.id);
    const upload = JSON.parse(backupText(file));
    expect((await api.restore(upload, admin).expect(200)).body).toMatchObject({ restored: 1 });
    expect(await t.store.getPostById(post.id)).toEqual(post);
  });

  it("purging an empty blog takes no backup, so it pushes no real one out", async () => {
    const res = await api.purge(admin).expect(200);
    expect(res.body).toEqual({
      results: { totalPosts: 0, deleted: 0, failed: 0 },
      message: BACKUP_SERVICE_MESSAGES.nothingToPurge,
    });
    expect(backupNames()).toEqual([]);
  });

  it("keeps only the newest BACKUP_KEEP backups", async () => {
    await t.close();
    await start({ BACKUP_KEEP: "2" });
    await seedPosts();
    const files: string[] = [];
    for (let i = 0; i < 4; i++) files.push((await api.backup(admin).expect(200)).body.file);
    expect(backupNames()).toEqual(files.slice(2).sort());
    const listed = (await api.backups(admin).expect(200)).body.backups;
    expect(listed).toEqual(
      files
        .slice(2)
        .reverse()
        .map((name) => ({
          ...{ name, createdAt: expect.any(String), size: Buffer.byteLength(backupText(name)), count: 6 },
          holds: expect.objectContaining({ posts: 6 }),
        })),
    );
  });
});

describe("refused backups: 400, nothing changes", () => {
  const good = {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: "2030-01-01T00:00:00.000Z",
    count: 0,
    posts: [] as Post[],
  };

  /** A post the store is missing, so any restore that got through would change something. */
  async function withMissingPost() {
    const before = await seedPosts();
    const { file } = (await api.backup(admin).expect(200)).body;
    await t.store.deletePost(before[0]!.id);
    return file as string;
  }

  it.each([
    [
      "truncated",
      (text: string) => text.slice(0, Math.floor(text.length / 2)),
      /is not valid JSON, so it is truncated or damaged/,
    ],
    [
      "malformed",
      () => JSON.stringify({ ...good, posts: [{ id: "one", title: 5 }] }),
      /holds posts that are not valid \(posts\.0\.id: /,
    ],
    ["foreign", () => JSON.stringify({ ...good, format: "wordpress" }), /is not a QueueWise posts backup/],
  ])("a %s file in data/backups, restored as the newest, is refused", async (_, damage, message) => {
    const file = await withMissingPost();
    fs.writeFileSync(path.join(backupsFolder(), "posts-2999-01-01T00-00-00.000Z.json"), damage(backupText(file)));
    const before = await state();
    const res = await api.restore({}, admin).expect(400);
    expect(res.body.message).toMatch(message);
    expect(await state()).toEqual(before);
    expect((await api.backups(admin).expect(200)).body.backups[0]).toMatchObject({
      name: "posts-2999-01-01T00-00-00.000Z.json",
    });
  });

  it("the list marks a cut-off backup as damaged, with the reason and no count, and the whole ones as they are", async () => {
    const file = await withMissingPost();
    const text = backupText(file);
    const cut = {
      "posts-2999-01-01T00-00-00.000Z.json": text.slice(0, Math.floor(text.length / 2)),
      "posts-2999-01-02T00-00-00.000Z.json": text.slice(0, text.lastIndexOf("}")), // only the last brace lost
      "posts-2999-01-03T00-00-00.000Z.json": text.slice(0, 100), // shorter than the header
    };
    for (const [name, part] of Object.entries(cut)) fs.writeFileSync(path.join(backupsFolder(), name), part);
    const listed = (await api.backups(admin).expect(200)).body.backups as BackupInfo[];
    const damaged = { count: null, damaged: BACKUP_MESSAGES.truncated };
    expect(Object.fromEntries(listed.map(({ name, count, damaged }) => [name, { count, damaged }]))).toEqual({
      ...Object.fromEntries(Object.keys(cut).map((name) => [name, damaged])),
      [file]: { count: 6, damaged: undefined },
    });
  });

  it.each([
    [
      "a post without a slug",
      { ...good, posts: [{ id: 1, title: "x", content: "", published: true, createdAt: "", updatedAt: "", tags: [] }] },
      400,
      /The uploaded backup holds posts that are not valid \(posts\.0\.slug: /,
    ],
    ["a newer version", { ...good, version: 3 }, 400, BACKUP_MESSAGES.version(BACKUP_SERVICE_MESSAGES.uploadLabel, 3)],
    ["no posts list", { format: BACKUP_FORMAT, version: 1 }, 400, BACKUP_SERVICE_MESSAGES.restoreRequest],
    ["a bad file name", { file: "../db.json" }, 400, BACKUP_MESSAGES.badName("../db.json")],
    ["a missing file", { file: MISSING }, 404, BACKUP_MESSAGES.notFound(MISSING)],
  ])("a request with %s", async (_, body, status, message) => {
    await withMissingPost();
    const before = await state();
    const res = await api.restore(body, admin).expect(status);
    if (typeof message === "string") expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect(await state()).toEqual(before);
  });

  it("an uploaded file that is cut off, or too large even for a backup", async () => {
    const file = await withMissingPost();
    const before = await state();
    const cut = await api
      .restore(undefined, admin)
      .set("Content-Type", "application/json")
      .send(backupText(file).slice(0, 300))
      .expect(400);
    expect(cut.body.message).toBe(JSON_BODY_MESSAGES.malformed);
    const huge = JSON.stringify({ posts: [], padding: "x".repeat(21 * 1024 * 1024) });
    const big = await api.restore(undefined, admin).set("Content-Type", "application/json").send(huge).expect(400);
    expect(big.body.message).toBe(JSON_BODY_MESSAGES.backupTooLarge);
    expect(await state()).toEqual(before);
  });

  it("no backup at all", async () => {
    await seedPosts();
    const res = await api.restore(undefined, admin).expect(400);
    expect(res.body.message).toBe(BACKUP_SERVICE_MESSAGES.noBackups);
  });
});

describe("POST /api/admin/force-remove-test-posts", () => {
  it('removes exactly the posts with "test" in the title, in any case, after a backup', async () => {
    const before = await seedPosts();
    const res = await api.removeTestPosts(admin).expect(200);
    const [backup] = backupNames();
    const removed = before.filter((p) =>
      ["Test post one", "TESTING the editor", "Latest queue trends"].includes(p.title),
    );
    expect(res.body).toEqual({
      message: BACKUP_SERVICE_MESSAGES.testPostsRemoved(3, backup!),
      deletedPosts: expect.arrayContaining(removed.map(({ id, title }) => ({ id, title }))),
      backup,
    });
    expect(res.body.deletedPosts).toHaveLength(3);
    expect(await t.store.listPosts()).toEqual(before.filter((p) => !removed.includes(p)));
    expect(JSON.parse(backupText(backup!)).posts).toEqual(before);
  });

  it("dryRun lists exactly what would go, and removes nothing", async () => {
    const before = await seedPosts();
    const res = await api.removeTestPosts(admin).send({ dryRun: true }).expect(200);
    const matching = before.filter((p) =>
      ["Test post one", "TESTING the editor", "Latest queue trends"].includes(p.title),
    );
    expect(res.body).toEqual({
      message: BACKUP_SERVICE_MESSAGES.testPostsPreview(3),
      dryRun: true,
      deletedPosts: [],
      wouldDelete: matching.map(({ id, title }) => ({ id, title })),
    });
    expect(await state()).toEqual({ posts: before, tags: expect.any(Array), backups: [] });
  });

  it("ids removes only those previewed posts that still match, after a backup", async () => {
    const before = await seedPosts();
    const shown = before.find((p) => p.title === "Test post one")!;
    const notTest = before.find((p) => p.title === "Queues at the airport")!;
    const res = await api
      .removeTestPosts(admin)
      .send({ ids: [shown.id, notTest.id] })
      .expect(200);
    expect(res.body.deletedPosts).toEqual([{ id: shown.id, title: shown.title }]);
    expect((await t.store.listPosts()).map((p) => p.id)).toEqual(before.filter((p) => p !== shown).map((p) => p.id));
  });

  it("a body it does not understand is a 400 that says what to send, and changes nothing", async () => {
    const before = await seedPosts();
    for (const body of [{ dryRun: "yes" }, { ids: ["1"] }, { everything: true }]) {
      const res = await api.removeTestPosts(admin).send(body).expect(400);
      expect(res.body.message).toBe(BACKUP_SERVICE_MESSAGES.testRemovalRequest);
    }
    expect((await t.store.listPosts()).length).toBe(before.length);
    expect(backupNames()).toEqual([]);
  });

  it("with no test posts, removes nothing and takes no backup", async () => {
    await t.store.createPost(makePostInput({ title: "Queue winners" }));
    const res = await api.removeTestPosts(admin).expect(200);
    expect(res.body).toEqual({ message: BACKUP_SERVICE_MESSAGES.noTestPosts, deletedPosts: [] });
    expect(backupNames()).toEqual([]);
  });
});

describe("when the backup cannot be written", () => {
  /** A file where the backups folder should be: mkdir fails even for root. */
  async function breakBackups() {
    const before = await seedPosts();
    fs.writeFileSync(backupsFolder(), "not a folder");
    expectConsoleError(/Backup failed/);
    return before;
  }

  it("purge deletes nothing and answers 500 with the reason", async () => {
    const before = await breakBackups();
    const res = await api.purge(admin).expect(500);
    expect(res.body).toEqual({
      message: expect.stringMatching(/^The backup could not be written, so nothing was deleted: /),
    });
    expect(await t.store.listPosts()).toEqual(before);
  });

  it("test-post removal deletes nothing and answers the reason in `error` too (docs/product.md section 8)", async () => {
    const before = await breakBackups();
    const res = await api.removeTestPosts(admin).expect(500);
    expect(res.body.error).toMatch(/^The backup could not be written, so nothing was deleted: /);
    expect(res.body.message).toBe(res.body.error);
    expect(await t.store.listPosts()).toEqual(before);
  });

  it("Backup Now answers 500 with the reason", async () => {
    await breakBackups();
    const res = await api.backup(admin).expect(500);
    expect(res.body).toEqual({ message: expect.stringMatching(/^The backup could not be written: /) });
  });
});

describe("the other debug calls", () => {
  it("GET /api/debug/list-posts answers {posts}: every post, drafts too, as the CMS list gives them", async () => {
    await seedPosts();
    const res = await api.list(admin).expect(200).expect("cache-control", "no-store");
    const cms = await as(admin, request(t.app).get("/api/cms/posts")).expect(200);
    expect(res.body).toEqual({ posts: cms.body });
    expect(res.body.posts.some((p: Post) => !p.published)).toBe(true);
  });

  it("DELETE /api/debug/delete-post/:id answers {success, id}; 400 for a bad id, 404 for a missing one", async () => {
    const post = await t.store.createPost(makePostInput());
    expect((await api.remove(post.id, admin).expect(200)).body).toEqual({ success: true, id: post.id });
    expect(await t.store.getPostById(post.id)).toBeUndefined();
    expect((await api.remove(post.id, admin).expect(404)).body).toEqual({ message: postNotFoundMessage(post.id) });
    expect((await api.remove("abc", admin).expect(400)).body.message).toBe(POST_MESSAGES.invalidId);
  });

  it("GET /api/debug/backups/:name downloads the file as a JSON attachment", async () => {
    await seedPosts();
    const { file } = (await api.backup(admin).expect(200)).body;
    const res = await api.download(file, admin).expect(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename=${file}`);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.text).toBe(backupText(file));
  });

  it.each(["..%2Fdb.json", "posts-..%2F..%2Fdb.json", "db.json", "%2Fetc%2Fpasswd", "posts-1.json%00.txt"])(
    "refuses the name %s with a 400",
    async (name) => {
      const res = await api.download(name, admin).expect(400);
      expect(res.body.message).toBe(BACKUP_MESSAGES.badName(decodeURIComponent(name)));
    },
  );

  it("answers 404 for a backup that is not there", async () => {
    expect((await api.download(MISSING, admin).expect(404)).body).toEqual({
      message: BACKUP_MESSAGES.notFound(MISSING),
    });
  });
});
