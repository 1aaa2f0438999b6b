import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { SESSION_COOKIE } from "~/server/auth/session";
import { AUTH_FORM_MESSAGES, PASSWORD_CHANGE_MESSAGES } from "~/shared/schemas";
import { makePostInput } from "../helpers/factories";
import { makeUser, sealedCookie, signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/** A password change hashes at the default scrypt cost, about half a second. */
const SLOW = 20_000;

let t: Awaited<ReturnType<typeof makeTestApp>>;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const me = (cookie: string) => request(t.app).get("/api/auth/me").set("Cookie", cookie);

/** Signs in through the API, as a browser would, and answers the Cookie header to send back. */
async function logIn(username: string, password: string, userAgent = "test browser"): Promise<string> {
  const res = await request(t.app)
    .post("/api/auth/login")
    .set("User-Agent", userAgent)
    .send({ username, password })
    .expect(200);
  const line = (res.headers["set-cookie"] as unknown as string[]).find((l) => l.startsWith(`${SESSION_COOKIE}=`))!;
  return line.split(";")[0]!;
}

function clearsCookie(res: request.Response): boolean {
  const lines = (res.headers["set-cookie"] as unknown as string[] | undefined) ?? [];
  return lines.some((l) => l.startsWith(`${SESSION_COOKIE}=;`) && /max-age=0/i.test(l));
}

describe("revocable sessions", () => {
  it("a cookie replayed after logout gets 401 on every signed-in call", async () => {
    const { user, password } = await makeUser(t.store, { role: "admin" });
    const cookie = await logIn(user.username, password);
    const post = await t.store.createPost(makePostInput());
    await me(cookie).expect(200);
    await request(t.app).post("/api/auth/logout").set("Cookie", cookie).expect(200, { success: true });

    await me(cookie).expect(401, { message: AUTH_MESSAGES.signInRequired });
    await request(t.app).post(`/api/cms/delete-post/${post.id}`).set("Cookie", cookie).expect(401);
    await request(t.app).post("/api/debug/purge-all-posts").set("Cookie", cookie).expect(401);
    await request(t.app).post("/api/debug/restore-posts").set("Cookie", cookie).expect(401);
    await request(t.app)
      .post("/api/auth/register")
      .set("Cookie", cookie)
      .send({ username: "intruder", password: "long enough pass", role: "admin" })
      .expect(401);
    expect(await t.store.getPostById(post.id)).toBeDefined();
    expect(await t.store.getUserByUsername("intruder")).toBeUndefined();
  });

  it("logout ends only that session; with everywhere: true it ends every session of the caller", async () => {
    const { user, password } = await makeUser(t.store);
    const other = await signedIn(t, "writer");
    const [first, second, third] = [
      await logIn(user.username, password),
      await logIn(user.username, password),
      await logIn(user.username, password),
    ];

    await request(t.app).post("/api/auth/logout").set("Cookie", first).expect(200);
    await me(first).expect(401);
    await me(second).expect(200);

    await request(t.app).post("/api/auth/logout").set("Cookie", second).send({ everywhere: true }).expect(200);
    await me(second).expect(401);
    await me(third).expect(401);
    await me(other.cookie).expect(200);
    expect(t.sessionRecords.listOf(user.id)).toEqual([]);
  });

  it("logout refuses a body that is not its shape with 400", async () => {
    const { cookie } = await signedIn(t);
    const res = await request(t.app)
      .post("/api/auth/logout")
      .set("Cookie", cookie)
      .send({ everywhere: "yes" })
      .expect(400);
    expect(res.body.errors.everywhere).toHaveLength(1);
    await me(cookie).expect(200);
  });

  it("keeps a record per sign-in with the user agent, address and times, and signing in again from a session replaces it", async () => {
    const { user, password } = await makeUser(t.store);
    const cookie = await logIn(user.username, password, "Firefox on a test bench");
    const [record] = t.sessionRecords.listOf(user.id);
    expect(record).toMatchObject({
      userId: user.id,
      userAgent: "Firefox on a test bench",
      ip: expect.stringContaining("127.0.0.1"),
    });
    expect(Date.parse(record!.expiresAt) - Date.parse(record!.createdAt)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(cookie).not.toContain(record!.id); // the id travels sealed only
    expect((await t.store.getUserById(user.id))?.lastSignInAt).toBe(record!.createdAt);

    const res = await request(t.app)
      .post("/api/auth/login")
      .set("Cookie", cookie)
      .send({ username: user.username, password });
    expect(res.status).toBe(200);
    expect(t.sessionRecords.listOf(user.id).map((r) => r.id)).not.toContain(record!.id);
    await me(cookie).expect(401);
  });
});

describe("users who lose their rights", () => {
  // Another enabled admin, so the store lets these admins go (it keeps the last one).
  beforeEach(() => makeUser(t.store, { role: "admin" }));

  it("a disabled user's sessions answer 401 at once and end; the user cannot sign in", async () => {
    const { user, password } = await makeUser(t.store, { role: "admin" });
    const cookie = await logIn(user.username, password);
    await t.store.updateUser(user.id, { disabled: true });
    await me(cookie).expect(401);
    await expect.poll(() => t.sessionRecords.listOf(user.id)).toEqual([]);
    const res = await request(t.app).post("/api/auth/login").send({ username: user.username, password }).expect(403);
    expect(res.body).toEqual({ message: AUTH_FORM_MESSAGES.accountDisabled });
    // A wrong password gets the usual answer, so a guesser learns nothing about the account.
    await request(t.app)
      .post("/api/auth/login")
      .send({ username: user.username, password: "wrong password" })
      .expect(401);
  });

  it("a deleted user's sessions answer 401 and end", async () => {
    const { user, cookie } = await signedIn(t, "admin");
    await t.store.deleteUser(user.id);
    await me(cookie).expect(401);
    await expect.poll(() => t.sessionRecords.all().filter((r) => r.userId === user.id)).toEqual([]);
  });

  it("a demoted admin loses admin rights on the next request", async () => {
    const { user, cookie } = await signedIn(t, "admin");
    const post = await t.store.createPost(makePostInput());
    await t.store.updateUser(user.id, { role: "writer" });
    await request(t.app).post(`/api/cms/delete-post/${post.id}`).set("Cookie", cookie).expect(403);
    await me(cookie).expect(200, { id: user.id, username: user.username, role: "writer" });
  });
});

describe("POST /api/auth/password", () => {
  const change = (cookie: string, body: object) =>
    request(t.app).post("/api/auth/password").set("Cookie", cookie).send(body);

  it(
    "changes the password and ends every other session of the user, keeping this one",
    async () => {
      const { user, password } = await makeUser(t.store, { role: "writer" });
      const here = await logIn(user.username, password);
      const elsewhere = await logIn(user.username, password);
      const someoneElse = await signedIn(t, "writer");

      await change(here, { currentPassword: password, newPassword: "a brand new password" }).expect(200, {
        success: true,
      });
      await me(here).expect(200);
      await me(elsewhere).expect(401);
      await me(someoneElse.cookie).expect(200);
      await request(t.app).post("/api/auth/login").send({ username: user.username, password }).expect(401);
      await request(t.app)
        .post("/api/auth/login")
        .send({ username: user.username, password: "a brand new password" })
        .expect(200);
    },
    SLOW,
  );

  it("answers 400 on the currentPassword field for a wrong current password, changing nothing", async () => {
    const { user, password, cookie } = await signedIn(t);
    const before = (await t.store.getUserById(user.id))!.passwordHash;
    const res = await change(cookie, {
      currentPassword: "not my password",
      newPassword: "a brand new password",
    }).expect(400);
    expect(res.body).toEqual({
      message: PASSWORD_CHANGE_MESSAGES.wrongCurrentPassword,
      errors: { currentPassword: [PASSWORD_CHANGE_MESSAGES.wrongCurrentPassword] },
    });
    expect((await t.store.getUserById(user.id))!.passwordHash).toBe(before);
    void password;
  });

  it.each([
    [
      "no current password",
      { newPassword: "a brand new password" },
      { currentPassword: [PASSWORD_CHANGE_MESSAGES.currentPassword] },
    ],
    [
      "a short new password",
      { currentPassword: "correct horse battery", newPassword: "short" },
      { newPassword: [AUTH_FORM_MESSAGES.newPassword] },
    ],
    [
      "the same password again",
      { currentPassword: "correct horse battery", newPassword: "correct horse battery" },
      { newPassword: [PASSWORD_CHANGE_MESSAGES.samePassword] },
    ],
  ])("answers 400 with field messages for %s", async (_, body, errors) => {
    const { cookie } = await signedIn(t);
    const res = await change(cookie, body).expect(400);
    expect(res.body.errors).toEqual(errors);
  });

  it("answers 401 signed out and 403 from another site", async () => {
    const body = { currentPassword: "correct horse battery", newPassword: "a brand new password" };
    await request(t.app).post("/api/auth/password").send(body).expect(401);
    const { cookie } = await signedIn(t);
    await change(cookie, body).set("Sec-Fetch-Site", "cross-site").expect(403);
  });
});

describe("cookies that are not a live session", () => {
  it.each([
    ["a seal with too many parts", `${SESSION_COOKIE}=x*1*a*b*c*d*e*f`],
    ["a bad %-escape", `${SESSION_COOKIE}=%ff`],
    ["an empty value", `${SESSION_COOKIE}=`],
    ["garbage", `${SESSION_COOKIE}=Fe26.2**not-a-real-seal`],
  ])("%s reads as signed out on the API and on /admin, and the answer clears it", async (_, cookie) => {
    const api = await me(cookie).expect(401);
    expect(clearsCookie(api)).toBe(true);
    const page = await request(t.app).get("/admin").set("Cookie", cookie).expect(200);
    expect(page.text).toContain('type="password"');
    expect(clearsCookie(page)).toBe(true);
  });

  it("a well-sealed cookie naming no session reads as signed out and is cleared", async () => {
    const res = await me(await sealedCookie(t.sessionSecret, "no-such-session-id-at-all")).expect(401);
    expect(clearsCookie(res)).toBe(true);
  });
});
