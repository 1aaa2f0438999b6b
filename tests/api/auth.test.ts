import request from "supertest";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { LOGIN_LIMITS } from "~/server/auth/auth-router";
import { JSON_BODY_MESSAGES } from "~/server/http/json-body";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { SESSION_COOKIE } from "~/server/auth/session";
import { loadConfig } from "~/server/config";
import { openSite } from "~/server/operations/open-site";
import { usernameTakenMessage } from "~/server/users/user-changes";
import { ensureFirstAdmin, firstAdminCreatedMessage, firstAdminHalfSetMessage } from "~/server/users/users";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import { makeUser, sessionCookie, signedIn } from "../helpers/sign-in";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { makeTestApp } from "../helpers/test-app";
import { openJsonStore } from "~/server/records/open-store";

/** Creating or checking a user at the default scrypt cost takes about half a second. */
const SLOW = 20_000;

let t: Awaited<ReturnType<typeof makeTestApp>>;
let log: MockInstance<typeof console.log> | undefined;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  log?.mockRestore();
  await t.close();
  await removeTempDirs();
});

/** ensureFirstAdmin reports on stdout; tests read that instead of printing it. */
function captureLog() {
  log = vi.spyOn(console, "log").mockImplementation(() => {});
  return log;
}

const me = (cookie?: string) => withCookie(request(t.app).get("/api/auth/me"), cookie);
const login = (body: object, headers: Record<string, string> = {}) =>
  request(t.app).post("/api/auth/login").set(headers).send(body);
const logout = (cookie?: string) => withCookie(request(t.app).post("/api/auth/logout"), cookie);
const register = (body: object, cookie?: string) =>
  withCookie(request(t.app).post("/api/auth/register"), cookie).send(body);

function withCookie(req: request.Test, cookie?: string) {
  return cookie ? req.set("Cookie", cookie) : req;
}

/** The Set-Cookie line of the session cookie, if the answer has one. */
function sessionSetCookie(res: request.Response): string | undefined {
  const lines = res.headers["set-cookie"] as unknown as string[] | undefined;
  return lines?.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}
const attributesOf = (line: string) =>
  line
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
const cookieHeader = (line: string) => line.split(";")[0]!;

describe("GET /api/auth/me", () => {
  it("answers 401 when signed out, or with a cookie that is not ours", async () => {
    await me().expect(401, { message: AUTH_MESSAGES.signInRequired });
    await me(`${SESSION_COOKIE}=Fe26.2**not-a-real-seal`).expect(401, { message: AUTH_MESSAGES.signInRequired });
  });

  it("answers 401 for a session whose user is not in the store", async () => {
    await me(await sessionCookie(t, 999)).expect(401);
  });

  it("answers the signed-in user's id, username and role, never the password hash", async () => {
    const { user, cookie } = await signedIn(t, "writer");
    const res = await me(cookie).expect(200).expect("cache-control", "no-store");
    expect(res.body).toEqual({ id: user.id, username: user.username, role: "writer" });
  });
});

describe("POST /api/auth/login", () => {
  it("answers 400 with docs/product.md section 5's messages for a short username and password", async () => {
    const res = await login({ username: "ab", password: "12345" }).expect(400);
    expect(res.body.errors).toEqual({
      username: [AUTH_FORM_MESSAGES.username],
      password: [AUTH_FORM_MESSAGES.password],
    });
    // docs/product.md section 8: the admin shows the server's text in its "Login failed" toast.
    expect(res.body.message).toBe(AUTH_FORM_MESSAGES.username);
    const empty = await login({}).expect(400);
    expect(empty.body.errors).toEqual({
      username: [AUTH_FORM_MESSAGES.username],
      password: [AUTH_FORM_MESSAGES.password],
    });
    const form = await request(t.app)
      .post("/api/auth/login")
      .type("form")
      .send({ username: "someone", password: "secret123" });
    expect(form.status).toBe(415);
    expect(form.body.message).toBe(JSON_BODY_MESSAGES.contentType);
  });

  it(
    "answers the same 401 for a wrong password and for an unknown user",
    async () => {
      const { user } = await makeUser(t.store);
      const wrong = await login({ username: user.username, password: "not the password" }).expect(401);
      const unknown = await login({ username: "nobody-here", password: "not the password" }).expect(401);
      expect(wrong.body).toEqual({ message: AUTH_FORM_MESSAGES.invalidCredentials });
      expect(unknown.body).toEqual(wrong.body);
      expect(sessionSetCookie(wrong)).toBeUndefined();
      expect(sessionSetCookie(unknown)).toBeUndefined();
    },
    SLOW,
  );

  it("signs in with any letter case of the username and sets an httpOnly, SameSite=Lax cookie for the whole site", async () => {
    const { user, password } = await makeUser(t.store, { role: "admin" });
    const res = await login({ username: user.username.toUpperCase(), password }).expect(200);
    expect(res.body).toEqual({ id: user.id, username: user.username, role: "admin" });
    const line = sessionSetCookie(res)!;
    expect(attributesOf(line)).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    expect(attributesOf(line)).not.toContain("secure"); // plain http: a Secure cookie would be lost
    await me(cookieHeader(line)).expect(200, { id: user.id, username: user.username, role: "admin" });
  });

  it.each([
    ["sets a Secure cookie behind TRUST_PROXY when the proxy says HTTPS", { TRUST_PROXY: "true" }, true],
    ["ignores X-Forwarded-Proto without TRUST_PROXY", {}, false],
  ])("%s", async (_, env, secure) => {
    const app = await makeTestApp({ env });
    try {
      const { user, password } = await makeUser(app.store);
      const res = await request(app.app)
        .post("/api/auth/login")
        .set("X-Forwarded-Proto", "https")
        .send({ username: user.username, password })
        .expect(200);
      expect(attributesOf(sessionSetCookie(res)!).includes("secure")).toBe(secure);
    } finally {
      await app.close();
    }
  });

  it.each([
    ["an Origin from another site", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ])("refuses %s with 403 and sets no cookie", async (_, headers) => {
    const { user, password } = await makeUser(t.store);
    const res = await login({ username: user.username, password }, headers).expect(403);
    expect(res.body).toEqual({ message: AUTH_MESSAGES.crossOrigin });
    expect(sessionSetCookie(res)).toBeUndefined();
  });

  it("accepts a same-origin request from a browser", async () => {
    const { user, password } = await makeUser(t.store);
    await login({ username: user.username, password }, { "Sec-Fetch-Site": "same-origin" }).expect(200);
  });
});

describe("login limiting (docs/architecture.md section 5)", () => {
  const { perIp, perUsername } = LOGIN_LIMITS;

  function expectLimited(res: request.Response) {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: AUTH_FORM_MESSAGES.tooManyAttempts });
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(perUsername.windowMs / 1000);
    expect(sessionSetCookie(res)).toBeUndefined();
  }

  it("limits failures per username in any letter case, from any address, without checking the password", async () => {
    const app = await makeTestApp({ env: { TRUST_PROXY: "true" } });
    try {
      const from = (ip: string) => ({ "X-Forwarded-For": ip });
      const alice = await makeUser(app.store, { username: "alice" });
      const bob = await makeUser(app.store, { username: "bob-the-builder" });
      const attempt = (username: string, password: string, ip: string) =>
        request(app.app).post("/api/auth/login").set(from(ip)).send({ username, password });

      for (let i = 0; i < perUsername.limit; i++) {
        await attempt(i % 2 ? "ALICE" : "alice", "wrong password", `203.0.113.${i + 1}`).expect(401);
      }
      // The right password from a fresh address is refused too: the password is not checked.
      expectLimited(await attempt("alice", alice.password, "198.51.100.1"));
      // Other users are not affected, even from an address that took part.
      await attempt(bob.user.username, bob.password, "203.0.113.1").expect(200);
    } finally {
      await app.close();
    }
  });

  it("limits failures per address across usernames; another address still signs in", async () => {
    const app = await makeTestApp({ env: { TRUST_PROXY: "true" } });
    try {
      const attempt = (username: string, password: string, ip: string) =>
        request(app.app).post("/api/auth/login").set("X-Forwarded-For", ip).send({ username, password });
      // Spread over several users, each below its own limit, so only the address limit applies.
      const perUser = perUsername.limit - 1;
      const users = await Promise.all(
        Array.from({ length: Math.ceil(perIp.limit / perUser) }, () => makeUser(app.store)),
      );
      for (let i = 0; i < perIp.limit; i++) {
        await attempt(users[Math.floor(i / perUser)]!.user.username, "wrong password", "203.0.113.9").expect(401);
      }
      const fresh = await makeUser(app.store);
      expectLimited(await attempt(fresh.user.username, fresh.password, "203.0.113.9"));
      await attempt(fresh.user.username, fresh.password, "203.0.113.10").expect(200);
    } finally {
      await app.close();
    }
  });

  it("counts a burst of attempts sent at once, not only those sent one by one", async () => {
    const { user, password } = await makeUser(t.store);
    const burst = await Promise.all(
      Array.from({ length: perUsername.limit + 3 }, () =>
        login({ username: user.username, password: "wrong password" }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([
      ...Array<number>(perUsername.limit).fill(401),
      ...Array<number>(3).fill(429),
    ]);
    expectLimited(await login({ username: user.username, password }));
  });

  it("forgets a username's failures after it signs in", async () => {
    const { user, password } = await makeUser(t.store);
    const fail = () => login({ username: user.username, password: "wrong password" }).expect(401);
    for (let i = 0; i < perUsername.limit - 1; i++) await fail();
    await login({ username: user.username, password }).expect(200);
    for (let i = 0; i < perUsername.limit - 1; i++) await fail();
    await login({ username: user.username, password }).expect(200);
  });

  it("does not count shape errors", async () => {
    const { user, password } = await makeUser(t.store);
    for (let i = 0; i < perUsername.limit; i++) await login({ username: user.username, password: "short" }).expect(400);
    await login({ username: user.username, password }).expect(200);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session: the cookie is cleared and /me answers 401", async () => {
    const { user, password } = await makeUser(t.store);
    const agent = request.agent(t.app);
    await agent.post("/api/auth/login").send({ username: user.username, password }).expect(200);
    await agent.get("/api/auth/me").expect(200);
    const res = await agent.post("/api/auth/logout").expect(200, { success: true });
    const line = sessionSetCookie(res)!;
    expect(cookieHeader(line)).toBe(`${SESSION_COOKIE}=`);
    expect(attributesOf(line)).toContain("max-age=0");
    await agent.get("/api/auth/me").expect(401);
  });

  it("answers success when nobody is signed in, and 403 cross-origin", async () => {
    await logout().expect(200, { success: true });
    const { cookie } = await signedIn(t);
    const res = await logout(cookie).set("Sec-Fetch-Site", "cross-site").expect(403);
    expect(sessionSetCookie(res)).toBeUndefined();
  });
});

describe("POST /api/auth/register (docs/architecture.md section 5: admins only)", () => {
  const NEW = { username: "new-writer", password: "long enough pass", confirmPassword: "long enough pass" };

  it("answers 401 signed out and 403 to a writer, creating no one", async () => {
    await register(NEW).expect(401, { message: AUTH_MESSAGES.signInRequired });
    const { cookie } = await signedIn(t, "writer");
    await register(NEW, cookie).expect(403, { message: AUTH_MESSAGES.adminsOnly });
    expect(await t.store.getUserByUsername(NEW.username)).toBeUndefined();
  });

  it(
    "lets an admin create a writer, without signing anyone in; the new user can log in",
    async () => {
      const admin = await signedIn(t, "admin");
      const res = await register(NEW, admin.cookie).expect(201);
      expect(res.body).toEqual({ id: expect.any(Number), username: NEW.username, role: "writer" });
      expect(sessionSetCookie(res)).toBeUndefined();
      await me(admin.cookie).expect(200, { id: admin.user.id, username: admin.user.username, role: "admin" });
      const signIn = await login({ username: NEW.username, password: NEW.password }).expect(200);
      expect(signIn.body).toEqual(res.body);
    },
    SLOW,
  );

  it(
    "creates an admin when asked",
    async () => {
      const { cookie } = await signedIn(t, "admin");
      const res = await register(
        { username: "second-admin", password: "long enough pass", role: "admin" },
        cookie,
      ).expect(201);
      expect(res.body.role).toBe("admin");
    },
    SLOW,
  );

  it.each([
    [
      "a password under 8 characters",
      { ...NEW, password: "seven77", confirmPassword: "seven77" },
      { password: [AUTH_FORM_MESSAGES.newPassword] },
    ],
    [
      "passwords that differ",
      { ...NEW, confirmPassword: "something else" },
      { confirmPassword: [AUTH_FORM_MESSAGES.passwordsDiffer] },
    ],
    ["an unknown role", { ...NEW, role: "owner" }, { role: [AUTH_FORM_MESSAGES.role] }],
    ["a username with spaces", { ...NEW, username: "new writer" }, { username: [AUTH_FORM_MESSAGES.usernamePattern] }],
  ])("refuses %s with 400 and its message", async (_, body, errors) => {
    const { cookie } = await signedIn(t, "admin");
    const res = await register(body, cookie).expect(400);
    expect(res.body).toEqual({ message: Object.values(errors)[0]![0], errors });
    expect(await t.store.countUsers()).toBe(1);
  });

  it("refuses a taken username in any letter case with 409", async () => {
    const { user, cookie } = await signedIn(t, "admin");
    const taken = user.username.toUpperCase();
    const res = await register({ username: taken, password: "long enough pass" }, cookie).expect(409);
    expect(res.body).toEqual({
      message: usernameTakenMessage(taken),
      errors: { username: [usernameTakenMessage(taken)] },
    });
    expect(await t.store.countUsers()).toBe(1);
  });

  it.each([
    ["an Origin from another site", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ])("refuses %s with 403, even for an admin, creating no one", async (_, headers) => {
    const { cookie } = await signedIn(t, "admin");
    const res = await register(NEW, cookie).set(headers).expect(403);
    expect(res.body).toEqual({ message: AUTH_MESSAGES.crossOrigin });
    expect(await t.store.countUsers()).toBe(1);
  });
});

describe("ensureFirstAdmin (ADMIN_USERNAME and ADMIN_PASSWORD)", () => {
  const cheap = { logN: 10 };
  const ENV = { adminUsername: "first-admin", adminPassword: "first admin password" };

  it("creates the admin on a store with no users, logging the name and never the password", async () => {
    const log = captureLog();
    await ensureFirstAdmin(t.store, ENV, cheap);
    expect(log.mock.calls).toEqual([[firstAdminCreatedMessage(ENV.adminUsername)]]);
    const res = await login({ username: ENV.adminUsername, password: ENV.adminPassword }).expect(200);
    expect(res.body).toMatchObject({ username: ENV.adminUsername, role: "admin" });
  });

  it("does nothing once any user exists, whatever the variables say", async () => {
    const { user } = await makeUser(t.store, { role: "writer" });
    await ensureFirstAdmin(t.store, ENV, cheap);
    await ensureFirstAdmin(t.store, { adminUsername: "only-half" }, cheap);
    expect(await t.store.countUsers()).toBe(1);
    expect(await t.store.getUserById(user.id)).toEqual(user);
  });

  it.each([
    [
      "ADMIN_USERNAME without ADMIN_PASSWORD",
      { adminUsername: "first-admin" },
      firstAdminHalfSetMessage("ADMIN_USERNAME", "ADMIN_PASSWORD"),
    ],
    [
      "ADMIN_PASSWORD without ADMIN_USERNAME",
      { adminPassword: "first admin password" },
      firstAdminHalfSetMessage("ADMIN_PASSWORD", "ADMIN_USERNAME"),
    ],
  ])("refuses %s", async (_, env, message) => {
    await expect(ensureFirstAdmin(t.store, env, cheap)).rejects.toThrow(message);
    expect(await t.store.countUsers()).toBe(0);
  });

  it("refuses a bad value, naming the variable and never showing the password", async () => {
    const attempt = ensureFirstAdmin(t.store, { adminUsername: "x", adminPassword: "short7!" }, cheap);
    const error = (await attempt.catch((e: unknown) => e)) as Error;
    expect(error.message).toContain(`ADMIN_USERNAME: ${AUTH_FORM_MESSAGES.username}`);
    expect(error.message).toContain(`ADMIN_PASSWORD: ${AUTH_FORM_MESSAGES.newPassword}`);
    expect(error.message).not.toContain("short7!");
    expect(await t.store.countUsers()).toBe(0);
  });

  it("runs when a site opens: a half-set pair stops the start and frees the data folder", async () => {
    const dir = makeTempDir("first-admin-");
    const config = loadConfig({ DATA_DIR: dir, ADMIN_USERNAME: "first-admin" });
    await expect(openSite(config)).rejects.toThrow(firstAdminHalfSetMessage("ADMIN_USERNAME", "ADMIN_PASSWORD"));
    await (await openJsonStore(dir)).close();
  });

  it(
    "runs when a site opens: the pair creates the first admin",
    async () => {
      captureLog();
      const app = await makeTestApp({ env: { ADMIN_USERNAME: "first-admin", ADMIN_PASSWORD: "first admin password" } });
      try {
        expect(await app.store.getUserByUsername("first-admin")).toMatchObject({ role: "admin" });
      } finally {
        await app.close();
      }
    },
    SLOW,
  );
});
