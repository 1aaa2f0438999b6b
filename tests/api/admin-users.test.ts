import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JSON_BODY_MESSAGES } from "~/server/http/json-body";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { SESSION_COOKIE } from "~/server/auth/session";
import { usernameTakenMessage } from "~/server/users/user-changes";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import { USER_ADMIN_MESSAGES, type AdminUserRow } from "~/shared/user-admin";
import { makeUser, sessionCookie, signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/**
 * /api/admin/users (docs/decisions/022-users-and-accounts.md). Test apps hash new passwords
 * cheaply; one test checks that an app given no cost hashes at the default, as production does.
 */
const SLOW = 30_000;

let t: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeEach(async () => {
  t = await makeTestApp();
  admin = await signedIn(t, "admin");
});
afterEach(() => t.close());

const as = (cookie: string) => ({
  list: () => request(t.app).get("/api/admin/users").set("Cookie", cookie),
  create: (body: unknown) =>
    request(t.app)
      .post("/api/admin/users")
      .set("Cookie", cookie)
      .send(body as object),
  change: (id: number | string, body: unknown) =>
    request(t.app)
      .patch(`/api/admin/users/${id}`)
      .set("Cookie", cookie)
      .send(body as object),
  reset: (id: number | string, body: unknown) =>
    request(t.app)
      .post(`/api/admin/users/${id}/password`)
      .set("Cookie", cookie)
      .send(body as object),
  endSessions: (id: number | string) =>
    request(t.app).post(`/api/admin/users/${id}/sessions/end`).set("Cookie", cookie),
  remove: (id: number | string) => request(t.app).delete(`/api/admin/users/${id}`).set("Cookie", cookie),
});

async function logIn(username: string, password: string) {
  const res = await request(t.app).post("/api/auth/login").send({ username, password });
  const line = ((res.headers["set-cookie"] as unknown as string[] | undefined) ?? []).find((l) =>
    l.startsWith(`${SESSION_COOKIE}=`),
  );
  return { status: res.status, body: res.body as { message?: string }, cookie: line?.split(";")[0] ?? "" };
}
const me = (cookie: string) => request(t.app).get("/api/auth/me").set("Cookie", cookie);
const snapshot = async () => (await t.store.listUsers()).map((u) => ({ ...u }));

/** Every endpoint, for the role and origin checks. */
function everyCall(cookie: string, id: number) {
  const c = as(cookie);
  return [
    () => c.list(),
    () => c.create({ username: "someone-new", password: "long enough pass", role: "admin" }),
    () => c.change(id, { role: "writer" }),
    () => c.reset(id, { password: "another long one" }),
    () => c.endSessions(id),
    () => c.remove(id),
  ];
}

describe("who may call", () => {
  it("signed out: 401 everywhere, nothing changes", async () => {
    const before = await snapshot();
    for (const call of everyCall("", admin.user.id))
      expect((await call()).body).toEqual({ message: AUTH_MESSAGES.signInRequired });
    expect(await snapshot()).toEqual(before);
  });

  it("a writer: 403 everywhere, nothing changes", async () => {
    const writer = await signedIn(t, "writer");
    const before = await snapshot();
    for (const call of everyCall(writer.cookie, admin.user.id)) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: AUTH_MESSAGES.adminsOnly });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("an admin's writes from another site: 403, nothing changes", async () => {
    const writer = await makeUser(t.store, { role: "writer" });
    const before = await snapshot();
    const calls = everyCall(admin.cookie, writer.user.id).slice(1);
    for (const call of calls) {
      const res = await call().set("Origin", "https://evil.example");
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: AUTH_MESSAGES.crossOrigin });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("GET /api/admin/users", () => {
  it("lists every user with role, dates, disabled and live sessions, never a password hash", async () => {
    const writer = await makeUser(t.store, { role: "writer", username: "wendy" });
    await logIn("wendy", writer.password);
    await logIn("wendy", writer.password);
    const res = await as(admin.cookie).list().expect(200);
    const rows = res.body.users as AdminUserRow[];
    expect(rows.map((r) => r.username)).toEqual([admin.user.username, "wendy"]);
    const wendy = rows[1]!;
    expect(wendy).toEqual({
      id: writer.user.id,
      username: "wendy",
      role: "writer",
      createdAt: writer.user.createdAt,
      lastSignInAt: expect.any(String),
      disabled: false,
      activeSessions: 2,
    });
    expect(rows[0]).not.toHaveProperty("lastSignInAt");
    expect(JSON.stringify(res.body)).not.toContain("scrypt");
  });
});

describe("POST /api/admin/users", () => {
  it("creates a user who can sign in; 409 for a taken name in any case", { timeout: SLOW }, async () => {
    const res = await as(admin.cookie)
      .create({ username: "Newbie", password: "a fine password", role: "writer" })
      .expect(201);
    expect(res.body).toMatchObject({ username: "Newbie", role: "writer", disabled: false, activeSessions: 0 });
    expect((await logIn("newbie", "a fine password")).status).toBe(200);
    const taken = await as(admin.cookie).create({ username: "NEWBIE", password: "a fine password" }).expect(409);
    expect(taken.body.errors).toEqual({ username: [usernameTakenMessage("NEWBIE")] });
  });

  it("hashes at scrypt's default cost, N=2^17, unless the app is given another", { timeout: SLOW }, async () => {
    const hashOf = async (username: string) => (await t.store.getUserByUsername(username))!.passwordHash;
    await as(admin.cookie).create({ username: "cheap", password: "a fine password" }).expect(201);
    expect(await hashOf("cheap")).toMatch(/^scrypt\$10\$8\$1\$/);
    await t.close();
    t = await makeTestApp({ hashCost: {} });
    admin = await signedIn(t, "admin");
    await as(admin.cookie).create({ username: "costly", password: "a fine password" }).expect(201);
    expect(await hashOf("costly")).toMatch(/^scrypt\$17\$8\$1\$/);
  });

  it.each([
    [{ username: "ab", password: "a fine password" }, "username", AUTH_FORM_MESSAGES.username],
    [{ username: "bad name!", password: "a fine password" }, "username", AUTH_FORM_MESSAGES.usernamePattern],
    [{ username: "shorty", password: "short" }, "password", AUTH_FORM_MESSAGES.newPassword],
    [{ username: "owner", password: "a fine password", role: "owner" }, "role", AUTH_FORM_MESSAGES.role],
    [[1, 2], "username", AUTH_FORM_MESSAGES.username],
  ])("refuses %j with a 400 naming the field", async (body, field, message) => {
    const before = await snapshot();
    const res = await as(admin.cookie).create(body).expect(400);
    expect(res.body.errors[field]).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a body that is not JSON with a 415", async () => {
    const res = await request(t.app)
      .post("/api/admin/users")
      .set("Cookie", admin.cookie)
      .type("form")
      .send("username=x")
      .expect(415);
    expect(res.body.message).toBe(JSON_BODY_MESSAGES.contentType);
  });
});

describe("PATCH /api/admin/users/{id}", () => {
  it("changes a role, which applies on the user's next request", async () => {
    const writer = await signedIn(t, "writer");
    const res = await as(admin.cookie).change(writer.user.id, { role: "admin" }).expect(200);
    expect(res.body.role).toBe("admin");
    expect((await me(writer.cookie).expect(200)).body.role).toBe("admin");
  });

  it("disabling ends the user's sessions and refuses their sign-in; enabling lets them back", async () => {
    const writer = await signedIn(t, "writer");
    const res = await as(admin.cookie).change(writer.user.id, { disabled: true }).expect(200);
    expect(res.body).toMatchObject({ disabled: true, activeSessions: 0 });
    await me(writer.cookie).expect(401);
    const refused = await logIn(writer.user.username, writer.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(AUTH_FORM_MESSAGES.accountDisabled);
    await as(admin.cookie).change(writer.user.id, { disabled: false }).expect(200);
    expect((await logIn(writer.user.username, writer.password)).status).toBe(200);
  });

  it.each([[{}], [{ role: "owner" }], [{ disabled: "yes" }], [{ role: "writer", extra: 1 }], [[1, 2]]])(
    "refuses %j with a 400",
    async (body) => {
      const writer = await makeUser(t.store, { role: "writer" });
      const before = await snapshot();
      const res = await as(admin.cookie).change(writer.user.id, body).expect(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(await snapshot()).toEqual(before);
    },
  );

  it("404 for an unknown user, 400 for an id that is not one", async () => {
    expect((await as(admin.cookie).change(999, { role: "writer" }).expect(404)).body.message).toBe(
      USER_ADMIN_MESSAGES.userNotFound(999),
    );
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
      expect((await as(admin.cookie).change(id, { role: "writer" }).expect(400)).body.message).toBe(
        USER_ADMIN_MESSAGES.invalidId,
      );
    }
  });
});

describe("the last admin", () => {
  it("cannot be demoted, disabled or deleted (409), and nothing changes", async () => {
    await makeUser(t.store, { role: "writer" });
    const before = await snapshot();
    const demote = await as(admin.cookie).change(admin.user.id, { role: "writer" }).expect(409);
    expect(demote.body).toEqual({ message: USER_ADMIN_MESSAGES.lastAdmin });
    expect((await as(admin.cookie).change(admin.user.id, { disabled: true }).expect(409)).body.message).toBe(
      USER_ADMIN_MESSAGES.notYourself,
    );
    expect((await as(admin.cookie).remove(admin.user.id).expect(409)).body.message).toBe(
      USER_ADMIN_MESSAGES.notYourself,
    );
    expect(await snapshot()).toEqual(before);
    await me(admin.cookie).expect(200);
  });

  it("a disabled admin does not count: the only enabled admin is the last", async () => {
    const other = await makeUser(t.store, { role: "admin" });
    await as(admin.cookie).change(other.user.id, { disabled: true }).expect(200);
    expect((await as(admin.cookie).change(admin.user.id, { role: "writer" }).expect(409)).body.message).toBe(
      USER_ADMIN_MESSAGES.lastAdmin,
    );
    // Demoting or deleting the disabled admin is fine.
    await as(admin.cookie).change(other.user.id, { role: "writer" }).expect(200);
    await as(admin.cookie).remove(other.user.id).expect(200);
  });

  it("with two admins one may demote the other, then not themselves", async () => {
    const other = await signedIn(t, "admin");
    await as(admin.cookie).change(other.user.id, { role: "writer" }).expect(200);
    await as(admin.cookie).change(admin.user.id, { role: "writer" }).expect(409);
  });

  it("two admins demoting each other at once: exactly one is refused", async () => {
    const other = await signedIn(t, "admin");
    const [a, b] = await Promise.all([
      as(admin.cookie).change(other.user.id, { role: "writer" }),
      as(other.cookie).change(admin.user.id, { role: "writer" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await t.store.listUsers()).filter((u) => u.role === "admin")).toHaveLength(1);
  });
});

describe("POST /api/admin/users/{id}/password", () => {
  it("sets a new password and ends that user's sessions", { timeout: SLOW }, async () => {
    const writer = await signedIn(t, "writer");
    const res = await as(admin.cookie).reset(writer.user.id, { password: "brand new secret" }).expect(200);
    expect(res.body).toMatchObject({ id: writer.user.id, activeSessions: 0 });
    await me(writer.cookie).expect(401);
    expect((await logIn(writer.user.username, writer.password)).status).toBe(401);
    expect((await logIn(writer.user.username, "brand new secret")).status).toBe(200);
  });

  it("for one's own account, the caller's session stays and the others end", { timeout: SLOW }, async () => {
    const elsewhere = await sessionCookie(t, admin.user.id);
    await as(admin.cookie).reset(admin.user.id, { password: "brand new secret" }).expect(200);
    await me(admin.cookie).expect(200);
    await me(elsewhere).expect(401);
  });

  it("400 for a short or missing password, 404 for an unknown user", async () => {
    const writer = await makeUser(t.store, { role: "writer" });
    const before = await snapshot();
    for (const body of [{ password: "short" }, {}, { password: 12345678 }]) {
      expect((await as(admin.cookie).reset(writer.user.id, body).expect(400)).body.errors.password).toEqual([
        AUTH_FORM_MESSAGES.newPassword,
      ]);
    }
    await as(admin.cookie).reset(999, { password: "long enough pass" }).expect(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe("POST /api/admin/users/{id}/sessions/end", () => {
  it("ends every session of the user, answering how many", async () => {
    const writer = await signedIn(t, "writer");
    const second = await sessionCookie(t, writer.user.id);
    expect((await as(admin.cookie).endSessions(writer.user.id).expect(200)).body).toEqual({ ended: 2 });
    await me(writer.cookie).expect(401);
    await me(second).expect(401);
    // The user is not disabled: signing in again works.
    expect((await logIn(writer.user.username, writer.password)).status).toBe(200);
    await as(admin.cookie).endSessions(999).expect(404);
  });

  it("for one's own account, keeps the caller's session", async () => {
    const elsewhere = await sessionCookie(t, admin.user.id);
    expect((await as(admin.cookie).endSessions(admin.user.id).expect(200)).body).toEqual({ ended: 1 });
    await me(admin.cookie).expect(200);
    await me(elsewhere).expect(401);
  });
});

describe("DELETE /api/admin/users/{id}", () => {
  it("removes the user and ends their sessions", async () => {
    const writer = await signedIn(t, "writer");
    expect((await as(admin.cookie).remove(writer.user.id).expect(200)).body).toEqual({
      success: true,
      id: writer.user.id,
    });
    expect(await t.store.getUserById(writer.user.id)).toBeUndefined();
    await me(writer.cookie).expect(401);
    await as(admin.cookie).remove(writer.user.id).expect(404);
  });

  it("another admin can be deleted while one remains", async () => {
    const other = await makeUser(t.store, { role: "admin" });
    await as(admin.cookie).remove(other.user.id).expect(200);
  });
});
