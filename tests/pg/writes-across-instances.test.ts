import pg from "pg";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { MEDIA_MESSAGES } from "~/shared/media";
import { ConflictError } from "~/server/http/errors";
import { makePostInput } from "../helpers/factories";
import { makeImage } from "../helpers/images";
import { makeUser, sealedCookie, sessionCookie, signedIn } from "../helpers/sign-in";
import type { TestApp } from "../helpers/test-app";
import { useTwoInstances } from "../helpers/two-instances";

/**
 * Writes decided by the database's current rows, not by an instance's copy
 * (docs/decisions/086-writes-decided-under-the-lock.md): what one instance has acknowledged, the
 * next write on another instance sees, however soon after it comes.
 */
const { twoInstances, instances, startedTogether } = useTwoInstances();
const TRIES = 50;

const send = (app: TestApp["app"], cookie: string) => ({
  post: (url: string, body?: object) =>
    request(app).post(url).set("Cookie", cookie).set("Sec-Fetch-Site", "same-origin").send(body),
  put: (url: string, body: object) =>
    request(app).put(url).set("Cookie", cookie).set("Sec-Fetch-Site", "same-origin").send(body),
  patch: (url: string, body: object) =>
    request(app).patch(url).set("Cookie", cookie).set("Sec-Fetch-Site", "same-origin").send(body),
  delete: (url: string) => request(app).delete(url).set("Cookie", cookie).set("Sec-Fetch-Site", "same-origin"),
});

/**
 * A statement run on the database itself, as no instance would: a change with no notice (as if
 * another instance's NOTIFY were late), or a read of what is stored whatever any copy says.
 */
async function onDatabase<Row extends object>(url: string, sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The admins' ids as the database holds them (none is disabled here). */
const adminIds = async (url: string) =>
  (await onDatabase<{ id: string }>(url, "SELECT id FROM users WHERE role = 'admin'")).map((row) => Number(row.id));

describe("a write on B right after a create on A", () => {
  it("edits the post, renames its tag and merges it, every time", async () => {
    const [a, b] = await twoInstances();
    const { cookie } = await signedIn(a);
    const onA = send(a.app, cookie);
    const onB = send(b.app, cookie);
    const failures: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const created = await onA.post("/api/cms/simple-create-post", makePostInput({ tags: [`Fresh ${i}`] }));
      const edited = await onB.put(`/api/cms/update-post/${created.body.id}`, { title: `Edited on B ${i}` });
      if (edited.status !== 200) failures.push(`edit ${i}: ${edited.status}`);

      const tagId = created.body.tags[0].id;
      const renamed = await onB.patch(`/api/admin/tags/${tagId}`, { name: `Renamed ${i}` });
      if (renamed.status !== 200) failures.push(`rename ${i}: ${renamed.status}`);

      const other = await onA.post("/api/cms/simple-create-post", makePostInput({ tags: [`Into ${i}`] }));
      const merged = await onB.post(`/api/admin/tags/${tagId}/merge`, { into: other.body.tags[0].id });
      if (merged.status !== 200) failures.push(`merge ${i}: ${merged.status}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("an image in use on another instance", () => {
  it("is not deleted from B right after A's post uses it: 409, and it still answers", async () => {
    // One admin uploads every image here: past the default per-user rate (docs/decisions/150-upload-limits-and-unused-images.md).
    const [a, b] = (await instances(2, { UPLOAD_RATE: "1000" })).apps as [TestApp, TestApp];
    const { cookie } = await signedIn(a);
    const failures: string[] = [];
    for (let i = 0; i < TRIES / 2; i++) {
      const upload = await request(a.app)
        .post("/api/cms/uploads")
        .set("Cookie", cookie)
        .set("Sec-Fetch-Site", "same-origin")
        .attach("file", await makeImage(8, 8, "image/png", i + 1), "picture.png")
        .expect(201);
      const post = await a.store.createPost(makePostInput({ coverImage: upload.body.url }));
      // At once, in the same turn of B's event loop: B cannot have heard of the post yet.
      const refused = await b.app.mediaAdmin.remove(upload.body.url.split("/").pop()).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (!(refused instanceof ConflictError) || refused.message !== MEDIA_MESSAGES.inUse(`"${post.title}"`))
        failures.push(`delete ${i}: ${String(refused)}`);
      const served = await request(b.app).get(upload.body.url);
      if (served.status !== 200) failures.push(`served ${i}: ${served.status}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("an image another instance removed, before B hears of it", () => {
  it("answers 404 on B, not an error", async () => {
    const [a, b] = await twoInstances();
    const { cookie } = await signedIn(a);
    const upload = await request(a.app)
      .post("/api/cms/uploads")
      .set("Cookie", cookie)
      .set("Sec-Fetch-Site", "same-origin")
      .attach("file", await makeImage(8, 8), "picture.png")
      .expect(201);
    const url: string = upload.body.url;
    // B looks the image up (the wrong extension is a 404 without reading its bytes), so it knows it.
    await request(b.app)
      .get(url.replace(/\.png$/, ".gif"))
      .expect(404);
    await onDatabase(a.config.databaseUrl!, "DELETE FROM media WHERE name = $1", [url.split("/").pop()]);
    await request(b.app).get(url).expect(404);
  });
});

describe("sessions across instances", () => {
  const signIn = async (app: TestApp["app"], username: string, password: string) => {
    const login = await request(app)
      .post("/api/auth/login")
      .set("Sec-Fetch-Site", "same-origin")
      .send({ username, password })
      .expect(200);
    return login.headers["set-cookie"]![0]!.split(";")[0]!;
  };

  it("a write on B right after logout on A is refused, though B knew the session", async () => {
    const [a, b] = await twoInstances();
    const { user, password } = await makeUser(a.store);
    const accepted: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      const cookie = await signIn(a.app, user.username, password);
      await request(b.app).get("/api/auth/me").set("Cookie", cookie).expect(200);
      await send(a.app, cookie).post("/api/auth/logout").expect(200);
      const write = await send(b.app, cookie).post("/api/cms/simple-create-post", makePostInput());
      if (write.status !== 401) accepted.push(write.status);
    }
    expect(accepted).toEqual([]);
  }, 120_000);

  it("a sign-in on A is used at once on B, for a write and for a read", async () => {
    const [a, b] = await twoInstances();
    const { user, password } = await makeUser(a.store);
    const refused: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const cookie = await signIn(a.app, user.username, password);
      const write = await send(b.app, cookie).post("/api/cms/simple-create-post", makePostInput());
      if (write.status !== 201) refused.push(`write ${i}: ${write.status}`);
      const next = await signIn(a.app, user.username, password);
      const read = await request(b.app).get("/api/auth/me").set("Cookie", next);
      if (read.status !== 200 || read.headers["set-cookie"]) refused.push(`read ${i}: ${read.status}`);
    }
    expect(refused).toEqual([]);
  }, 120_000);
});

describe("sessions in the database that no notice has announced", () => {
  it("an ended one is refused on B for a write and a read, though B's copy still holds it", async () => {
    const [a, b] = await twoInstances();
    const { user } = await makeUser(a.store);
    const session = await a.sessionRecords.create({ userId: user.id });
    const cookie = await sealedCookie(a.sessionSecret, session.id);
    await expect.poll(() => b.sessionRecords.get(session.id)?.id).toBe(session.id);
    await onDatabase(a.config.databaseUrl!, "DELETE FROM sessions WHERE id = $1", [session.id]);

    expect(b.sessionRecords.get(session.id)?.id).toBe(session.id);
    await send(b.app, cookie).post("/api/cms/simple-create-post", makePostInput()).expect(401);
    await request(b.app).get("/api/cms/posts").set("Cookie", cookie).expect(401);
  });

  /** A session of the user's stored as another instance stores one, its notice not yet heard. */
  const unannounced = async (app: TestApp, userId: number, id: string) => {
    await onDatabase(
      app.config.databaseUrl!,
      "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, user_agent, ip) VALUES ($1, $2, $3, $3, $4, '', '')",
      [id, userId, new Date(), new Date(Date.now() + 60_000)],
    );
    return sealedCookie(app.sessionSecret, id);
  };

  it("a new one is found by B for a write and a read", async () => {
    const [a, b] = await twoInstances();
    const { user } = await makeUser(a.store);
    const cookie = await unannounced(a, user.id, "an-id-no-notice-has-announced-yet");
    const read = await request(b.app).get("/api/auth/me").set("Cookie", cookie).expect(200);
    expect(read.headers["set-cookie"]).toBeUndefined();
    await send(b.app, cookie).post("/api/cms/simple-create-post", makePostInput()).expect(201);
  });

  it("one A has not heard of yet ends when A signs the user out everywhere", async () => {
    const [a, b] = await twoInstances();
    const { user } = await makeUser(a.store);
    const onA = await sessionCookie(a, user.id);
    const onB = await unannounced(b, user.id, "a-session-made-on-b-a-moment-ago");
    await send(a.app, onA).post("/api/auth/logout", { everywhere: true }).expect(200);
    await send(b.app, onB).post("/api/cms/simple-create-post", makePostInput()).expect(401);
  });
});

describe("users changed on B right after A", () => {
  it("a user created on A is changed, profiled, given a password and deleted on B at once, every time", async () => {
    const [a, b] = await twoInstances();
    const { user: admin } = await makeUser(a.store);
    const failures: string[] = [];
    const onB = async (what: string, act: (id: number) => Promise<unknown>) => {
      const { user } = await makeUser(a.store, { role: "writer" });
      // At once, in the same turn of B's event loop: B cannot have heard of the user yet.
      await act(user.id).catch((error: unknown) => failures.push(`${what}: ${String(error)}`));
    };
    for (let i = 0; i < TRIES / 5; i++) {
      await onB(`role ${i}`, (id) => b.app.users.change(admin.id, id, { role: "editor" }));
      await onB(`profile ${i}`, (id) => b.app.users.updateProfile(id, { displayName: `Fresh ${i}` }));
      await onB(`password ${i}`, (id) => b.app.users.resetPassword(id, { password: "another long secret" }));
      await onB(`delete ${i}`, (id) => b.app.users.remove(admin.id, id));
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("two admins demoting each other at once on two instances: one is refused, and an admin stays", async () => {
    const [a, b] = await twoInstances();
    const ada = await signedIn(a);
    const bea = await signedIn(a);
    const outcomes: string[] = [];
    for (let i = 0; i < TRIES / 5; i++) {
      const answers = await Promise.all([
        send(a.app, ada.cookie).patch(`/api/admin/users/${bea.user.id}`, { role: "writer" }),
        send(b.app, bea.cookie).patch(`/api/admin/users/${ada.user.id}`, { role: "writer" }),
      ]);
      outcomes.push(
        answers
          .map((answer) => answer.status)
          .sort()
          .join(" "),
      );
      const admins = await adminIds(a.config.databaseUrl!);
      expect(admins).toHaveLength(1);
      // The one still an admin makes the other an admin again, for the next round.
      const [stays, demoted] = admins[0] === ada.user.id ? [ada, bea] : [bea, ada];
      await send(a.app, stays.cookie).patch(`/api/admin/users/${demoted.user.id}`, { role: "admin" }).expect(200);
    }
    // The one that comes second is refused: 409 when both passed the guard, or 403 when the first
    // had already made its sender a writer.
    expect(outcomes.filter((outcome) => !/^200 40[39]$/.test(outcome))).toEqual([]);
  }, 120_000);
});

describe("three instances started together with ADMIN_USERNAME and ADMIN_PASSWORD", () => {
  it("all start, and one admin exists", async () => {
    const apps = await startedTogether(3, { ADMIN_USERNAME: "ada", ADMIN_PASSWORD: "a long enough password" });
    expect(apps).toHaveLength(3);
    const users = await apps[0]!.store.listUsers();
    expect(users.map((u) => [u.username, u.role])).toEqual([["ada", "admin"]]);
  }, 60_000);
});
