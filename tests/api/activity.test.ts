import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import {
  ACTIVITY_KIND_NAMES,
  ACTIVITY_KINDS,
  ACTIVITY_MESSAGES,
  type ActivityEntry,
  type ActivityPage,
} from "~/shared/activity";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import type { CmsPost } from "~/shared/blog";
import { copyBackupInto } from "../helpers/backups";
import { makePostInput } from "../helpers/factories";
import { makeUser, signedIn } from "../helpers/sign-in";
import { makeTestApp, useTestApp } from "../helpers/test-app";
import { doEachActivityKind } from "../helpers/activity-actions";

/** The activity log (docs/decisions/102-activity-log.md) through the HTTP calls that record it. */
const CLIENT = "203.0.113.7";
const t = useTestApp({ env: { TRUST_PROXY: "true" } });
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeEach(async () => {
  admin = await signedIn(t, "admin");
});

/** A request from CLIENT through the one trusted proxy; `as`, the same signed in (the admin unless told). */
const from = (req: request.Test) => req.set("X-Forwarded-For", CLIENT);
const as = (req: request.Test, cookie = admin.cookie) => from(req).set("Cookie", cookie);

async function activity(query = "", cookie = admin.cookie): Promise<ActivityPage> {
  return (await as(request(t.app).get(`/api/admin/activity${query}`), cookie).expect(200)).body as ActivityPage;
}

/** One of each kind, through the calls the admin pages make. */
const doEachKind = () => doEachActivityKind([t], admin.cookie, CLIENT);

describe("GET /api/admin/activity", () => {
  it("records each kind once, with who, when, what and the client's address", async () => {
    const started = Date.now();
    const { writer, post, user } = await doEachKind();
    const { entries, total } = await activity();
    expect(total).toBe(ACTIVITY_KIND_NAMES.length);
    const byKind = (kind: string) => entries.filter((e) => e.kind === kind);
    for (const kind of ACTIVITY_KIND_NAMES) expect(byKind(kind), kind).toHaveLength(1);
    for (const entry of entries) {
      expect(entry.ip).toBe(CLIENT);
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started);
    }
    const one = (kind: string) => byKind(kind)[0]!;
    expect(one("sign-in")).toMatchObject({ userId: writer.id, username: writer.username });
    expect(one("sign-in-failed")).toMatchObject({ what: ACTIVITY_MESSAGES.attempt(writer.username) });
    expect(one("sign-in-failed").userId).toBeUndefined();
    expect(one("publish")).toMatchObject({ userId: admin.user.id, what: ACTIVITY_MESSAGES.post(post.id, post.title) });
    expect(one("unpublish").what).toBe(ACTIVITY_MESSAGES.post(post.id, post.title));
    expect(one("delete").what).toBe(ACTIVITY_MESSAGES.post(post.id, post.title));
    expect(one("preview-revoke").what).toBe(ACTIVITY_MESSAGES.post(post.id, post.title));
    expect(one("restore").what).toBe(ACTIVITY_MESSAGES.restore(1, 0));
    expect(one("role-change").what).toBe(
      ACTIVITY_MESSAGES.user(user.username, ACTIVITY_MESSAGES.userChanges.role("writer", "admin")),
    );
    // Newest first.
    expect(entries.map((e) => e.at)).toEqual(
      entries
        .map((e) => e.at)
        .sort()
        .reverse(),
    );
  });

  it("records a restore from History, a restore from the Trash and a deletion for good", async () => {
    const post = (await as(request(t.app).post("/api/cms/simple-create-post")).send(makePostInput()).expect(201))
      .body as CmsPost;
    const [first] = (await as(request(t.app).get(`/api/cms/posts/${post.id}/revisions`)).expect(200)).body as {
      id: number;
    }[];
    await as(request(t.app).post(`/api/cms/posts/${post.id}/revisions/${first!.id}/restore`)).expect(200);
    await as(request(t.app).post(`/api/cms/delete-post/${post.id}`)).expect(200);
    await as(request(t.app).post(`/api/cms/trash/${post.id}/restore`)).expect(200);
    await as(request(t.app).post(`/api/cms/delete-post/${post.id}`)).expect(200);
    await as(request(t.app).delete(`/api/cms/trash/${post.id}`)).expect(200);
    const entries = (await activity()).entries.map((e) => [e.kind, e.what, e.userId, e.ip]);
    const by = [admin.user.id, CLIENT];
    expect(entries.slice(0, 4)).toEqual([
      ["delete", ACTIVITY_MESSAGES.deletedForGood(ACTIVITY_MESSAGES.post(post.id, post.title)), ...by],
      ["delete", ACTIVITY_MESSAGES.post(post.id, post.title), ...by],
      ["restore", ACTIVITY_MESSAGES.untrashed(ACTIVITY_MESSAGES.post(post.id, post.title)), ...by],
      ["delete", ACTIVITY_MESSAGES.post(post.id, post.title), ...by],
    ]);
    expect(entries[4]).toEqual([
      "restore",
      ACTIVITY_MESSAGES.revisionRestored(ACTIVITY_MESSAGES.post(post.id, post.title), first!.id),
      ...by,
    ]);
  });

  it("filters by person and by kind, and names everyone in the log", async () => {
    const { writer, user, invitee } = await doEachKind();
    const page = await activity(`?user=${writer.id}`);
    expect(page.entries.map((e) => e.kind)).toEqual(["submit", "two-factor-off", "two-factor-on", "sign-in"]);
    expect((await activity("?kind=publish")).entries.map((e) => e.kind)).toEqual(["publish"]);
    // The invitee accepted their invitation, and the user the admin sent a reset link to used it.
    const everyone = [admin.user.id, writer.id, user.id, invitee.id].sort((a, b) => a - b);
    expect(page.people.map((p) => p.id).sort((a, b) => a - b)).toEqual(everyone);
    expect((await activity(`?user=${admin.user.id}&kind=sign-in`)).total).toBe(0);
  });

  it("refuses a bad filter with 400, a writer with 403, and no one signed out", async () => {
    const res = await as(request(t.app).get("/api/admin/activity?kind=shredding")).expect(400);
    expect(res.body.message).toBe(ACTIVITY_MESSAGES.invalidQuery);
    expect(Object.keys(res.body.errors)).toEqual(["kind"]);
    const writer = await signedIn(t, "writer");
    await as(request(t.app).get("/api/admin/activity"), writer.cookie).expect(403);
    await as(request(t.app).get("/api/admin/activity.csv"), writer.cookie).expect(403);
    expect((await request(t.app).get("/api/admin/activity").expect(401)).body.message).toBe(
      AUTH_MESSAGES.signInRequired,
    );
  });

  it("exports the matching entries as CSV", async () => {
    await doEachKind();
    const res = await as(request(t.app).get("/api/admin/activity.csv?kind=publish")).expect(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="?activity-\d{4}-\d\d-\d\d\.csv"?$/);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("when,kind,user id,username,what,from");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${ACTIVITY_KINDS.publish},${admin.user.id},${admin.user.username},`);
    expect(lines[1]!.endsWith(`,${CLIENT}`)).toBe(true);
  });

  it("a sign-in the limiter refuses is not recorded", async () => {
    const { user } = await makeUser(t.store, { role: "writer" });
    const attempt = () =>
      from(request(t.app).post("/api/auth/login")).send({ username: user.username, password: "not the password" });
    for (let i = 0; i < 5; i++) await attempt().expect(401);
    await attempt().expect(429);
    expect((await activity("?kind=sign-in-failed")).total).toBe(5);
  });
});

describe("posts carry who created them and who saved them last", () => {
  it("ids on the post, names in the CMS answers; a post from before shows none", async () => {
    const writer = await signedIn(t, "writer");
    const created = (
      await as(request(t.app).post("/api/cms/simple-create-post"), writer.cookie).send(makePostInput()).expect(201)
    ).body;
    expect(created).toMatchObject({ createdBy: writer.user.id, updatedBy: writer.user.id });
    expect(created).toMatchObject({ createdByName: writer.user.username, updatedByName: writer.user.username });
    const edited = (
      await as(request(t.app).put(`/api/cms/update-post/${created.id}`)).send({ title: "Edited by the admin" })
    ).body;
    expect(edited).toMatchObject({ createdByName: writer.user.username, updatedByName: admin.user.username });

    const older = await t.store.createPost(makePostInput());
    const list = (await as(request(t.app).get("/api/cms/posts")).expect(200)).body as Record<string, unknown>[];
    const row = list.find((p) => p.id === older.id)!;
    expect(row).not.toHaveProperty("createdBy");
    expect(row).not.toHaveProperty("createdByName");

    // The Posts tab's rows and the editor's post name them too.
    const rows = (await as(request(t.app).get("/admin/data/posts")).expect(200)).body.result.posts as CmsPost[];
    expect(rows.find((p) => p.id === created.id)).toMatchObject({ updatedByName: admin.user.username });
    expect(rows.find((p) => p.id === older.id)).not.toHaveProperty("updatedByName");
    const opened = (await as(request(t.app).get(`/admin/data/posts?id=${created.id}`)).expect(200)).body.post;
    expect(opened).toMatchObject({ createdByName: writer.user.username });

    // A removed user's name is gone; the post still opens.
    await as(request(t.app).delete(`/api/admin/users/${writer.user.id}`)).expect(200);
    const loaded = (await as(request(t.app).get("/api/cms/posts")).expect(200)).body as Record<string, unknown>[];
    const mine = loaded.find((p) => p.id === created.id)!;
    expect(mine).toMatchObject({ createdBy: writer.user.id });
    expect(mine).not.toHaveProperty("createdByName");
  });
});

describe("the log lives through backups", () => {
  it("a backup carries the log; restoring it elsewhere adds the missing entries once", async () => {
    await doEachKind();
    const backup = (await as(request(t.app).post("/api/debug/backup-posts")).expect(200)).body as { file: string };
    const text = (await as(request(t.app).get(`/api/debug/backups/${backup.file}`)).expect(200)).text;
    const saved = (JSON.parse(text) as { activity: ActivityEntry[] }).activity;
    expect(saved.map((e) => e.kind).sort()).toEqual([...ACTIVITY_KIND_NAMES].sort());

    const other = await makeTestApp();
    try {
      const otherAdmin = await signedIn(other, "admin");
      copyBackupInto(other.dataDir, backup.file, text);
      const restore = () =>
        request(other.app)
          .post(`/api/debug/backups/${backup.file}/restore`)
          .set("Cookie", otherAdmin.cookie)
          .send({ kinds: ["activity"] });
      await restore().expect(200);
      await restore().expect(200);
      const entries = await other.activity.entries();
      for (const entry of saved) expect(entries.filter((e) => e.id === entry.id)).toEqual([entry]);
      // And the two restores themselves.
      expect(entries.filter((e) => e.kind === "restore")).toHaveLength(3);
    } finally {
      await other.close();
    }
  });
});
