import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backupName } from "~/server/backups/backup-file";
import { slotOf } from "~/server/backups/backup-scheduler";
import { BACKUP_SERVICE_MESSAGES } from "~/server/backups/backup-service";
import { BACKUP_KIND_MESSAGES, BACKUP_KINDS } from "~/shared/backups";
import type { SiteAdminView, SiteContent } from "~/shared/site-content";
import type { BackupInfo } from "~/shared/operations";
import { copyBackupInto } from "../helpers/backups";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { GOOD_CONTACT, makePostInput } from "../helpers/factories";
import { makeImage } from "../helpers/images";
import { FIXTURE_DATA } from "../helpers/previous-release";
import { makeUser, sessionCookie, signedIn } from "../helpers/sign-in";
import { makeTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await makeTestApp();
  admin = (await signedIn(t)).cookie;
});
afterEach(() => t.close());

const as = (cookie: string, req: request.Test) => req.set("Cookie", cookie);
const backupNow = async (app = t) =>
  (await as(admin, request(app.app).post("/api/debug/backup-posts")).expect(200)).body as {
    count: number;
    file: string;
  };
const listed = async () =>
  ((await as(admin, request(t.app).get("/api/debug/backups")).expect(200)).body as { backups: BackupInfo[] }).backups;
const preview = (name: string, body?: object) =>
  as(admin, request(t.app).post(`/api/debug/backups/${name}/preview`)).send(body);
const restoreKinds = (name: string, body: object, app = t, cookie = admin) =>
  as(cookie, request(app.app).post(`/api/debug/backups/${name}/restore`)).send(body);

async function publishHeadline(headline: string, app = t, cookie = admin) {
  const site = (await as(cookie, request(app.app).get("/api/admin/site")).expect(200)).body as SiteAdminView;
  const draft: SiteContent = {
    ...site.draft,
    // The footer's words, on every page: the home page's own are a page of blocks now.
    links: { ...site.draft.links, copyrightHolder: headline },
  };
  await as(cookie, request(app.app).put("/api/admin/site/draft")).send(draft).expect(200);
  await as(cookie, request(app.app).post("/api/admin/site/publish")).expect(201);
}

const createPost = (cookie: string, input: object, app = t) =>
  as(cookie, request(app.app).post("/api/cms/simple-create-post")).send(input).expect(201);

describe("what a backup holds", () => {
  it("Backup Now still answers {count} and the list says, kind by kind, what each backup holds and its size", async () => {
    await createPost(admin, makePostInput({ title: "First post here", slug: "first-post" }));
    await makeUser(t.store, { role: "writer", username: "wendy" });
    await request(t.app).post("/api/contact").send(GOOD_CONTACT).expect(201);
    await publishHeadline("Queues, backed up");

    const made = await backupNow();
    expect(made).toEqual({ count: 1, file: expect.stringMatching(/^posts-.*\.json$/) });
    const [info] = await listed();
    expect(info).toMatchObject({ name: made.file, count: 1, size: expect.any(Number) });
    expect(info!.holds).toMatchObject({ posts: 1, users: 2, messages: 1, site: 1, settings: 1, media: 0 });
    expect(info!.size).toBeGreaterThan(1000);

    const text = (await as(admin, request(t.app).get(`/api/debug/backups/${made.file}`)).expect(200)).text;
    const file = JSON.parse(text);
    expect(file.users.map((u: { username: string }) => u.username)).toContain("wendy");
    // Password hashes travel (so a restored user can sign in); sessions never do.
    expect(file.users[0].passwordHash).toMatch(/^scrypt\$/);
    expect(text).not.toMatch(/"sessions"|"sid"/);
    expect(file.messages[0]).toMatchObject({ email: GOOD_CONTACT.email });
  });
});

describe("a restore's preview, then a restore by kind", () => {
  it("the preview lists the site change and writes nothing; a posts-only restore leaves the site as it is", async () => {
    await createPost(admin, makePostInput({ title: "Kept post one", slug: "kept-one" }));
    await publishHeadline("Before the backup");
    const { file } = await backupNow();
    await publishHeadline("After the backup");

    const seen = (await preview(file).expect(200)).body as { name: string; kinds: Record<string, object> };
    expect(seen.name).toBe(file);
    expect(Object.keys(seen.kinds)).toEqual([...BACKUP_KINDS]);
    expect(seen.kinds.site).toEqual({ added: 0, replaced: 1, unchanged: 0 });
    expect(seen.kinds.posts).toEqual({ added: 0, replaced: 0, unchanged: 1 });
    expect(seen.kinds.users).toEqual({ added: 0, replaced: 0, unchanged: 1 });
    // Only the kinds asked for.
    expect((await preview(file, { kinds: ["site"] }).expect(200)).body.kinds).toEqual({
      site: { added: 0, replaced: 1, unchanged: 0 },
    });
    expect((await request(t.app).get("/").expect(200)).text).toContain("After the backup");

    const posts = await as(admin, request(t.app).post("/api/debug/restore-posts")).send({ file }).expect(200);
    expect(posts.body).toEqual({
      success: true,
      restored: 0,
      skipped: 1,
      refused: [],
      message: BACKUP_SERVICE_MESSAGES.restored(0, 1),
    });
    const postsByKind = await restoreKinds(file, { kinds: ["posts"] }).expect(200);
    expect(postsByKind.body.kinds).toEqual({ posts: { added: 0, replaced: 0, unchanged: 1 } });
    expect((await request(t.app).get("/").expect(200)).text).toContain("After the backup");

    const site = await restoreKinds(file, { kinds: ["site", "posts"] }).expect(200);
    const kinds = { posts: { added: 0, replaced: 0, unchanged: 1 }, site: { added: 0, replaced: 1, unchanged: 0 } };
    expect(site.body).toMatchObject({ success: true, restored: 0, skipped: 1, kinds });
    expect(site.body.message).toBe(BACKUP_KIND_MESSAGES.restoredKinds(kinds));
    expect(site.body.message).toBe("Restored posts: 1 left alone; site: 1 replaced.");
    const logged = (await t.activity.entries()).filter((entry) => entry.kind === "restore").map((e) => e.what);
    expect(logged).toContain(site.body.message);
    expect((await request(t.app).get("/").expect(200)).text).toContain("Before the backup");
  });

  it("refuses kinds it does not know, an empty list, or a missing backup, and changes nothing", async () => {
    const { file } = await backupNow();
    for (const body of [{}, { kinds: [] }, { kinds: ["everything"] }, { kinds: ["posts"], extra: 1 }]) {
      const res = await restoreKinds(file, body).expect(400);
      expect(res.body.message).toBe(BACKUP_KIND_MESSAGES.kindsRequest);
    }
    expect((await preview(file, { kinds: ["nope"] }).expect(400)).body.message).toBe(
      BACKUP_KIND_MESSAGES.previewRequest,
    );
    await preview("posts-2001-01-01T00-00-00.000Z.json").expect(404);
    await restoreKinds("../db.json", { kinds: ["posts"] }).expect(404);
    await restoreKinds("not-a-backup.json", { kinds: ["posts"] }).expect(400);
  });
});

describe("a whole-site restore into an empty data folder", () => {
  it("brings back users, inbox, site, posts and images, and the restored admin signs in", async () => {
    const { user: ops, password } = await makeUser(t.store, { username: "operator", password: "the ops password" });
    const opsCookie = await sessionCookie(t, ops.id);
    const upload = await as(opsCookie, request(t.app).post("/api/cms/uploads"))
      .attach("file", await makeImage(120, 80), { filename: "gate.png" })
      .expect(201);
    const image = (upload.body as { url: string }).url;
    await createPost(opsCookie, makePostInput({ title: "Gate queues", slug: "gate-queues", coverImage: image }));
    await request(t.app).post("/api/contact").send(GOOD_CONTACT).expect(201);
    await publishHeadline("The whole site, restored", t, opsCookie);
    await as(admin, request(t.app).patch("/api/admin/settings")).send({ writersSeeInbox: true });
    const { file } = await backupNow();
    const text = (await as(admin, request(t.app).get(`/api/debug/backups/${file}`)).expect(200)).text;

    const empty = await makeTestApp();
    try {
      // Someone must ask for the restore: a first admin made for it, who is not in the backup.
      const boot = await signedIn(empty);
      copyBackupInto(empty.dataDir, file, text);
      const res = await restoreKinds(file, { kinds: [...BACKUP_KINDS] }, empty, boot.cookie).expect(200);
      expect(res.body.kinds).toMatchObject({
        posts: { added: 1 },
        users: { added: 2 },
        messages: { added: 1 },
        site: { added: 1 },
        media: { added: 1 },
      });
      for (const kind of ["posts", "users", "messages", "site", "media"])
        expect(res.body.message).toContain(`${kind}: `);

      await request(empty.app).post("/api/auth/login").send({ username: "operator", password }).expect(200);
      const users = (await empty.store.listUsers()).map((u) => u.username);
      expect(users).toEqual(expect.arrayContaining(["operator", boot.user.username]));
      expect((await empty.store.listMessages()).map((m) => m.email)).toEqual([GOOD_CONTACT.email]);
      expect((await request(empty.app).get("/").expect(200)).text).toContain("The whole site, restored");
      expect((await request(empty.app).get("/blog/gate-queues").expect(200)).text).toContain("Gate queues");
      await request(empty.app).get(image).expect(200);

      // Again: everything is there, so nothing is added or replaced.
      const again = await restoreKinds(file, { kinds: [...BACKUP_KINDS] }, empty, boot.cookie).expect(200);
      for (const outcome of Object.values(again.body.kinds as Record<string, { added: number; replaced: number }>))
        expect(outcome).toMatchObject({ added: 0, replaced: 0 });
    } finally {
      await empty.close();
    }
  });

  it("the previous release's backup still restores by kind, after a preview", async () => {
    const name = fs.readdirSync(path.join(FIXTURE_DATA, "backups"))[0]!;
    const text = fs.readFileSync(path.join(FIXTURE_DATA, "backups", name), "utf8");
    const backup = JSON.parse(text);
    copyBackupInto(t.dataDir, name, text);
    expect((await listed())[0]).toMatchObject({ name, count: backup.posts.length });
    const seen = await preview(name).expect(200);
    expect(seen.body.kinds.posts).toEqual({ added: backup.posts.length, replaced: 0, unchanged: 0 });
    expect(seen.body.kinds.users).toEqual({ added: 0, replaced: 0, unchanged: 0 });
    const res = await restoreKinds(name, { kinds: ["posts", "media", "site"] }).expect(200);
    expect(res.body).toMatchObject({ success: true, restored: backup.posts.length, skipped: 0 });
    for (const post of backup.posts) expect(await t.store.getPostById(post.id)).toMatchObject({ slug: post.slug });
  });
});

describe("scheduled backups", () => {
  it("take the slot's whole-site backup once, and a failure is on the health report until one succeeds", async () => {
    await t.close();
    t = await makeTestApp({ env: { BACKUP_SCHEDULE: "daily" } });
    admin = (await signedIn(t)).cookie;
    const health = async () =>
      (await as(admin, request(t.app).get("/api/public/health/database")).expect(200)).body.scheduledBackups;
    expect(await health()).toEqual({ schedule: "daily", lastScheduledAt: null, failure: null });

    // A file where the backups folder should be: the backup cannot be written.
    fs.writeFileSync(path.join(t.dataDir, "backups"), "in the way");
    expectConsoleError(/scheduled backup failed/);
    await t.app.backupScheduler.check();
    expect((await health()).failure).toEqual({ reason: expect.any(String), since: expect.any(String) });

    fs.rmSync(path.join(t.dataDir, "backups"));
    const now = new Date();
    await t.app.backupScheduler.check(now);
    await t.app.backupScheduler.check(now);
    expect(await health()).toEqual({ schedule: "daily", lastScheduledAt: expect.any(String), failure: null });
    const names = (await listed()).map((backup) => backup.name);
    expect(names).toEqual([backupName(slotOf("daily", now))]);
  });
});
