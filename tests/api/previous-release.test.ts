import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "~/server/config";
import { openSite } from "~/server/operations/open-site";
import { makeUser } from "../helpers/sign-in";
import {
  adminCookie,
  apiAnswers,
  FIXTURE,
  FIXTURE_DATA,
  pageAnswers,
  pairRecords,
  PASSWORDS,
  comparable,
  readExpected,
  movedSiteRevisions,
  movedUrl,
  asAnsweredNow,
  recordsWithSiteHistoryMoved,
} from "../helpers/previous-release";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/**
 * A data folder written by the previous release (tests/fixtures/previous-release/, made once by
 * its make-fixture.ts): db.json, a journal of writes not yet folded, images, a backup, the
 * activity log, the analytics, sessions. Today's code opens a copy and must find every record and
 * answer every read and page as that release did (expected.json, recorded by it).
 */
const expected = readExpected();
const ENV = { PUBLIC_URL: FIXTURE.publicUrl, TRUST_PROXY: "1" };
const ADMIN_ID = 1;

/** A copy of the fixture: a test never writes to the one in the repository. */
function copyOfFixture(): string {
  const dir = makeTempDir("previous-release-");
  fs.cpSync(FIXTURE_DATA, dir, { recursive: true });
  return dir;
}

// The clock where the release left the folder, so no session, trash entry or revision has expired since.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.parse(expected.recordedAt) + 1_000, shouldAdvanceTime: true });
});
afterAll(async () => {
  vi.useRealTimers();
  await removeTempDirs();
});

describe("a data folder of the previous release", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeTestApp({ dataDir: copyOfFixture(), env: ENV });
    admin = await adminCookie(t, ADMIN_ID, expected.adminSession);
  });
  afterAll(() => t.close());

  it("answers every admin read of its records as that release did", async () => {
    const moved = await movedSiteRevisions(t.store);
    expect(moved.size).toBe(4);
    const answers = await apiAnswers(
      t.app,
      admin,
      Object.keys(expected.api).map((url) => movedUrl(url, moved)),
    );
    for (const [url, body] of Object.entries(expected.api)) {
      const asNow = asAnsweredNow(url, body, expected.records, moved);
      expect(comparable(url, answers[movedUrl(url, moved)]), url).toEqual(comparable(url, asNow));
    }
  });

  it("answers every public page, old address and image as that release did", async () => {
    const pages = await pageAnswers(t.app, Object.keys(expected.pages));
    expect(pages).toEqual(expected.pages);
    for (const name of fs.readdirSync(path.join(FIXTURE_DATA, "media"))) {
      const res = await request(t.app).get(`/media/${name}`).buffer(true).expect(200);
      expect(Buffer.compare(res.body as Buffer, fs.readFileSync(path.join(FIXTURE_DATA, "media", name)))).toBe(0);
    }
  });

  it("restores its backup over a post sent to the trash, by name, as it was backed up", async () => {
    const list = await request(t.app).get("/api/debug/backups").set("Cookie", admin).expect(200);
    const { name } = (list.body.backups as { name: string }[])[0]!;
    const backup = JSON.parse(fs.readFileSync(path.join(FIXTURE_DATA, "backups", name), "utf8"));
    const clinic = backup.posts.find((p: { slug: string }) => p.slug === "shorter-clinic-waits");
    await request(t.app).post(`/api/cms/delete-post/${clinic.id}`).set("Cookie", admin).expect(200);
    const res = await request(t.app).post("/api/debug/restore-posts").set("Cookie", admin).send({ file: name });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, restored: 1 });
    expect(await t.store.getPostById(clinic.id)).toMatchObject(clinic);
    const redirects = await request(t.app).get(`/api/cms/posts/${clinic.id}/redirects`).set("Cookie", admin);
    expect(redirects.body).toEqual({ from: ["clinic-waits"] });
  });

  it("signs its users in with their stored passwords, and refuses the disabled one", async () => {
    for (const username of ["ada", "grace", "katherine", "tim"] as const) {
      await request(t.app).post("/api/auth/login").send({ username, password: PASSWORDS[username] }).expect(200);
    }
    await request(t.app).post("/api/auth/login").send({ username: "olive", password: PASSWORDS.olive }).expect(403);
  });
});

describe("the previous release's backup file", () => {
  it("restores into an empty site every post, its revisions, its old slugs and its images", async () => {
    const t = await makeTestApp({ env: ENV });
    try {
      const { user } = await makeUser(t.store);
      const cookie = await adminCookie(t, user.id);
      const name = fs.readdirSync(path.join(FIXTURE_DATA, "backups"))[0]!;
      const text = fs.readFileSync(path.join(FIXTURE_DATA, "backups", name), "utf8");
      const backup = JSON.parse(text);
      const res = await request(t.app)
        .post("/api/debug/restore-posts")
        .set("Cookie", cookie)
        .set("Content-Type", "application/json")
        .send(text);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, restored: backup.posts.length, skipped: 0 });
      for (const post of backup.posts) {
        expect(await t.store.getPostById(post.id)).toMatchObject(post);
        const revisions = await t.store.listRevisions("post", post.id);
        const kept = backup.revisions.filter((r: { subjectId: number }) => r.subjectId === post.id);
        // The empty site's home page holds the first revision id, so the kept ones are numbered after it.
        const withoutId = ({ id: _id, restoredFrom: _from, ...rest }: { id: number; restoredFrom?: number }) => rest;
        expect(revisions.map(withoutId)).toEqual(
          expect.arrayContaining(kept.map((r: { id: number }) => expect.objectContaining(withoutId(r)))),
        );
      }
      expect(await t.store.listPostRedirects()).toEqual(expect.arrayContaining(backup.redirects));
      const images = Object.keys(backup.media ?? {});
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) await request(t.app).get(`/media/${image}`).expect(200);
    } finally {
      await t.close();
    }
  });
});

describe("the previous release's records, folded by today's release", () => {
  it("keeps every field of every record in db.json after a start and a clean stop", async () => {
    const dir = copyOfFixture();
    const site = await openSite(loadConfig({ NODE_ENV: "production", DATA_DIR: dir, ...ENV }), { seed: false });
    await site.close();
    const db = JSON.parse(fs.readFileSync(path.join(dir, "db.json"), "utf8"));
    // The site's own history is in the revisions now, each publish with its content and who made it.
    expect(db.siteRevisions).toBeUndefined();
    const moved = db.revisions.filter((r: { subject: string }) => r.subject === "site");
    expect(moved.map((r: { siteRevisionId: number }) => r.siteRevisionId)).toEqual([1, 2, 3, 4]);
    expect(moved.map((r: { by?: { username: string } }) => r.by?.username)).toEqual([undefined, "grace", "ada", "ada"]);
    expect(moved.every((r: { snapshot: { home?: unknown } }) => r.snapshot.home)).toBe(true);
    const records = recordsWithSiteHistoryMoved(expected.records, moved.length);
    // The home page of blocks, made on this first start from the published headline, took the next revision id.
    expect(db.pages.map((p: { path: string }) => p.path)).toEqual(["/"]);
    expect(db.pages[0].blocks[0]).toMatchObject({ type: "hero", headline: "Queues that wait for you" });
    (records.meta as { nextRevisionId: number }).nextRevisionId += 1;
    for (const { label, actual, expected: record } of pairRecords(db, records)) {
      expect(actual, label).toMatchObject(record as object);
    }
  });
});
