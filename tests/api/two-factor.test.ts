import { Secret, TOTP as Totp } from "otpauth";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "~/server/auth/auth-router";
import { SESSION_COOKIE } from "~/server/auth/session";
import { hashRecoveryCode } from "~/server/auth/totp";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { SIGN_IN_FIELDS } from "~/shared/auth-messages";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import {
  RECOVERY_CODE_COUNT,
  REMEMBER_COOKIE,
  SIGN_IN_CODE_SCREEN,
  TOTP,
  TWO_FACTOR_FIELDS,
  TWO_FACTOR_MESSAGES,
} from "~/shared/two-factor";
import type { Role } from "~/shared/users";
import { asHtml } from "../helpers/html";
import { makeUser, signedIn } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

/**
 * Two-factor sign-in (docs/decisions/220-two-factor-secrets-in-the-user-record.md): set-up, the
 * code at sign-in (taken once per time step), recovery codes (each taken once), the remembered
 * browser, the limits, the roles that must use it, the admin's reset and the form without
 * JavaScript. Codes are made here with otpauth, as an authenticator app makes them.
 */
const t = useTestApp({ perFile: true });

const stepNow = () => Totp.counter({ period: TOTP.period, timestamp: Date.now() });
const codeAt = (secret: string, step: number) =>
  Totp.generate({
    secret: Secret.fromBase32(secret),
    digits: TOTP.digits,
    period: TOTP.period,
    timestamp: step * TOTP.period * 1000,
  });

/**
 * The next code the server takes for this user: the step after the last one taken. Each user here
 * takes at most two steps, so it is never beyond the one step of drift the server allows.
 */
async function nextCode(userId: number, secret: string) {
  const user = await t.store.getUserById(userId);
  return codeAt(secret, Math.max((user?.twoFactor?.lastStep ?? stepNow() - 1) + 1, stepNow()));
}

const sessionOf = (res: request.Response) =>
  [res.headers["set-cookie"]]
    .flat()
    .find((c) => c?.startsWith(`${SESSION_COOKIE}=`))
    ?.split(";")[0];

const login = (body: object, cookie?: string) => {
  const req = request(t.app).post("/api/auth/login");
  return (cookie ? req.set("Cookie", cookie) : req).send(body);
};

/** A user of `role` with two-factor sign-in on: their password, secret, recovery codes and a session. */
async function withTwoFactor(role: Role = "writer") {
  const { user, password, cookie } = await signedIn(t, role);
  const setup = await request(t.app).post("/api/account/totp/setup").set("Cookie", cookie).expect(200);
  const { secret } = setup.body as { secret: string };
  const enabled = await request(t.app)
    .post("/api/account/totp/enable")
    .set("Cookie", cookie)
    .send({ code: codeAt(secret, stepNow()) })
    .expect(200);
  return { user, password, cookie, secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

describe("set-up", () => {
  it("answers a secret and its otpauth link, and turns on only with a right code", async () => {
    const { user, password, cookie } = await signedIn(t, "editor");
    const res = await request(t.app).post("/api/account/totp/setup").set("Cookie", cookie).expect(200);
    const { secret, otpauthUrl } = res.body as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/QueueWise:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain(encodeURIComponent(user.username));

    // Started but not confirmed: the password alone still signs in.
    await login({ username: user.username, password }).expect(200);

    const wrong = await request(t.app)
      .post("/api/account/totp/enable")
      .set("Cookie", cookie)
      .send({ code: "000000" === codeAt(secret, stepNow()) ? "111111" : "000000" })
      .expect(400);
    expect(wrong.body.errors.code).toEqual([TWO_FACTOR_MESSAGES.wrongCode]);

    const on = await request(t.app)
      .post("/api/account/totp/enable")
      .set("Cookie", cookie)
      .send({ code: codeAt(secret, stepNow()) })
      .expect(200);
    const codes = on.body.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);

    // Kept as hashes only; the secret never reaches the user's own status or the Users tab.
    const stored = (await t.store.getUserById(user.id))!.twoFactor!;
    expect(stored.recoveryCodes).toEqual(codes.map(hashRecoveryCode));
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    const status = await request(t.app).get("/api/account/totp").set("Cookie", cookie).expect(200);
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect(JSON.stringify(status.body)).not.toContain(secret);

    const again = await request(t.app).post("/api/account/totp/setup").set("Cookie", cookie).expect(409);
    expect(again.body.message).toBe(TWO_FACTOR_MESSAGES.alreadyOn);
  });

  it("is refused to an API token and to a caller signed out", async () => {
    await request(t.app).post("/api/account/totp/setup").expect(401);
    const { cookie } = await signedIn(t, "admin");
    const made = await request(t.app)
      .post("/api/account/tokens")
      .set("Cookie", cookie)
      .send({ name: "bot", scopes: ["content:read", "posts:write"] })
      .expect(201);
    await request(t.app)
      .post("/api/account/totp/setup")
      .set("Authorization", `Bearer ${made.body.token as string}`)
      .expect(403);
  });
});

describe("sign-in with a second factor", () => {
  it("asks for the code (401 twoFactorRequired), refuses a wrong one, takes a right one once", async () => {
    const { user, password, secret } = await withTwoFactor();
    const asked = await login({ username: user.username, password }).expect(401);
    expect(asked.body).toEqual({
      message: TWO_FACTOR_MESSAGES.codeNeeded,
      twoFactorRequired: true,
      factors: ["totp"],
    });
    expect(sessionOf(asked)).toBeUndefined();

    const code = await nextCode(user.id, secret);
    const wrong = await login({ username: user.username, password, code: code === "123456" ? "654321" : "123456" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ twoFactorRequired: true, errors: { code: [TWO_FACTOR_MESSAGES.wrongCode] } });
    expect(sessionOf(wrong)).toBeUndefined();

    // A wrong password with the right code is a wrong password, and tells nothing of the factor.
    const badPassword = await login({ username: user.username, password: "not the password", code }).expect(401);
    expect(badPassword.body.twoFactorRequired).toBeUndefined();

    const ok = await login({ username: user.username, password, code }).expect(200);
    expect(ok.body).toMatchObject({ id: user.id, username: user.username });
    const me = await request(t.app).get("/api/auth/me").set("Cookie", sessionOf(ok)!).expect(200);
    expect(me.body.username).toBe(user.username);
    // No remembered browser unless asked for.
    expect(String(ok.headers["set-cookie"])).not.toContain(REMEMBER_COOKIE);

    // The same code, still within its window, is refused: it may have been seen.
    const replay = await login({ username: user.username, password, code }).expect(401);
    expect(replay.body.errors.code).toEqual([TWO_FACTOR_MESSAGES.wrongCode]);
  });

  it("takes a recovery code, once", async () => {
    const { user, password, recoveryCodes } = await withTwoFactor();
    const [first] = recoveryCodes;
    await login({ username: user.username, password, code: first!.toUpperCase() }).expect(200);
    const again = await login({ username: user.username, password, code: first }).expect(401);
    expect(again.body.twoFactorRequired).toBe(true);
    expect((await t.store.getUserById(user.id))!.twoFactor!.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT - 1);
    await login({ username: user.username, password, code: recoveryCodes[1] }).expect(200);
  });

  it("remembers this browser for 30 days when asked, and only for this user's current factor", async () => {
    const { user, password, secret } = await withTwoFactor();
    const ok = await login({
      username: user.username,
      password,
      code: await nextCode(user.id, secret),
      remember: true,
    });
    expect(ok.status).toBe(200);
    const line = [ok.headers["set-cookie"]].flat().find((c) => c?.startsWith(`${REMEMBER_COOKIE}=`));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/Max-Age=2592000/);
    const remembered = line!.split(";")[0]!;

    await login({ username: user.username, password }, remembered).expect(200);
    await login({ username: user.username, password }).expect(401);
    // Another user's sign-in in this browser still needs their code.
    const other = await withTwoFactor();
    await login({ username: other.user.username, password: other.password }, remembered).expect(401);
    // A forged cookie is nothing.
    const forged = remembered.replace(/\.[^.]+$/, ".AAAA");
    await login({ username: user.username, password }, forged).expect(401);
  });

  it("counts wrong codes against the per-username limit, but not the step that asks for the code", async () => {
    const { user, password, secret } = await withTwoFactor();
    for (let i = 0; i < LOGIN_LIMITS.perUsername.limit + 1; i++) {
      await login({ username: user.username, password }).expect(401);
    }
    const right = await nextCode(user.id, secret);
    const wrong = right === "000000" ? "999999" : "000000";
    for (let i = 0; i < LOGIN_LIMITS.perUsername.limit; i++) {
      await login({ username: user.username, password, code: wrong }).expect(401);
    }
    const limited = await login({ username: user.username, password, code: right }).expect(429);
    expect(limited.body.message).toBe(AUTH_FORM_MESSAGES.tooManyAttempts);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
  });

  it("turns off with the password or a code, not without", async () => {
    const { user, cookie, password, recoveryCodes } = await withTwoFactor();
    const none = await request(t.app).delete("/api/account/totp").set("Cookie", cookie).send({}).expect(400);
    expect(none.body.errors.password).toBeDefined();
    const wrong = await request(t.app)
      .delete("/api/account/totp")
      .set("Cookie", cookie)
      .send({ password: "not the password" })
      .expect(400);
    expect(wrong.body.errors.password).toEqual([TWO_FACTOR_MESSAGES.wrongPassword]);
    await request(t.app).delete("/api/account/totp").set("Cookie", cookie).send({ code: recoveryCodes[0] }).expect(200);
    expect((await t.store.getUserById(user.id))!.twoFactor).toBeUndefined();
    await login({ username: user.username, password }).expect(200);
  });
});

describe("required for roles", () => {
  it("a user of a required role signs in, may only set it up, then uses the admin", async () => {
    const admin = await signedIn(t, "admin");
    const bad = await request(t.app)
      .put("/api/admin/two-factor")
      .set("Cookie", admin.cookie)
      .send({ roles: ["king"] })
      .expect(400);
    expect(bad.body.errors).toBeDefined();
    const writerCookie = (await signedIn(t, "writer")).cookie;
    await request(t.app).put("/api/admin/two-factor").set("Cookie", writerCookie).send({ roles: [] }).expect(403);

    await request(t.app)
      .put("/api/admin/two-factor")
      .set("Cookie", admin.cookie)
      .send({ roles: ["contributor"] })
      .expect(200, { roles: ["contributor"] });
    try {
      const { user, password } = await makeUser(t.store, { role: "contributor" });
      const signed = await login({ username: user.username, password }).expect(200);
      expect(signed.body.twoFactorSetupRequired).toBe(true);
      const cookie = sessionOf(signed)!;

      const refused = await request(t.app).get("/api/cms/posts").set("Cookie", cookie).expect(403);
      expect(refused.body.message).toBe(TWO_FACTOR_MESSAGES.setupRequired);
      await request(t.app)
        .post("/api/account/tokens")
        .set("Cookie", cookie)
        .send({ name: "x", scopes: ["content:read"] })
        .expect(403);
      // The admin's pages show the set-up, not the screens.
      const page = await request(t.app).get("/admin/posts").set("Cookie", cookie).expect(200);
      expect(page.text).not.toContain('aria-label="Sign in"');

      const status = await request(t.app).get("/api/account/totp").set("Cookie", cookie).expect(200);
      expect(status.body).toMatchObject({ enabled: false, required: true });
      const { secret } = (await request(t.app).post("/api/account/totp/setup").set("Cookie", cookie).expect(200)).body;
      await request(t.app)
        .post("/api/account/totp/enable")
        .set("Cookie", cookie)
        .send({ code: codeAt(secret as string, stepNow()) })
        .expect(200);
      const me = await request(t.app).get("/api/auth/me").set("Cookie", cookie).expect(200);
      expect(me.body.twoFactorSetupRequired).toBeUndefined();
      await request(t.app).get("/api/cms/posts").set("Cookie", cookie).expect(200);

      const log = await request(t.app).get("/api/admin/activity?kind=two-factor-setting").set("Cookie", admin.cookie);
      expect(log.body.entries[0]).toMatchObject({ what: ACTIVITY_MESSAGES.twoFactorRoles(["contributor"]) });
    } finally {
      await request(t.app).put("/api/admin/two-factor").set("Cookie", admin.cookie).send({ roles: [] }).expect(200);
    }
  });
});

describe("an admin's reset", () => {
  it("removes someone's second factor, in the activity log; only admins may", async () => {
    const admin = await signedIn(t, "admin");
    const { user, password, cookie } = await withTwoFactor("editor");
    await request(t.app).delete(`/api/admin/users/${user.id}/totp`).set("Cookie", cookie).expect(403);

    const rows = await request(t.app).get("/api/admin/users").set("Cookie", admin.cookie).expect(200);
    const row = (rows.body.users as { id: number; twoFactor?: boolean }[]).find((u) => u.id === user.id);
    expect(row?.twoFactor).toBe(true);
    expect(JSON.stringify(rows.body)).not.toContain((await t.store.getUserById(user.id))!.twoFactor!.secret);

    await request(t.app).delete(`/api/admin/users/${user.id}/totp`).set("Cookie", admin.cookie).expect(200);
    await login({ username: user.username, password }).expect(200);
    await request(t.app).delete(`/api/admin/users/${user.id}/totp`).set("Cookie", admin.cookie).expect(409);
    // An admin's own goes off with their password or a code, never by a reset.
    const own = await request(t.app).delete(`/api/admin/users/${admin.user.id}/totp`).set("Cookie", admin.cookie);
    expect(own.status).toBe(409);
    expect(own.body.message).toBe(TWO_FACTOR_MESSAGES.notYourOwn);

    const log = await request(t.app).get("/api/admin/activity?kind=two-factor-reset").set("Cookie", admin.cookie);
    expect(log.body.entries[0]).toMatchObject({
      kind: "two-factor-reset",
      userId: admin.user.id,
      what: ACTIVITY_MESSAGES.user(user.username, ACTIVITY_MESSAGES.userChanges.twoFactorReset),
    });
  });
});

describe("backups", () => {
  it("carry the second factor: a restore after a reset puts it back, recovery codes and all", async () => {
    const admin = await signedIn(t, "admin");
    const { user, password, secret, recoveryCodes } = await withTwoFactor("editor");
    const { file } = (await request(t.app).post("/api/debug/backup-posts").set("Cookie", admin.cookie).expect(200))
      .body as { file: string };
    const text = (await request(t.app).get(`/api/debug/backups/${file}`).set("Cookie", admin.cookie).expect(200)).text;
    expect(text).toContain(secret);
    expect(text).not.toContain(recoveryCodes[0]);

    await request(t.app).delete(`/api/admin/users/${user.id}/totp`).set("Cookie", admin.cookie).expect(200);
    await login({ username: user.username, password }).expect(200);
    const restored = await request(t.app)
      .post(`/api/debug/backups/${file}/restore`)
      .set("Cookie", admin.cookie)
      .send({ kinds: ["users"] })
      .expect(200);
    expect(restored.body.kinds.users.replaced).toBeGreaterThanOrEqual(1);
    expect((await login({ username: user.username, password }).expect(401)).body.twoFactorRequired).toBe(true);
    await login({ username: user.username, password, code: recoveryCodes[2] }).expect(200);
    await login({ username: user.username, password, code: await nextCode(user.id, secret) }).expect(200);
  });
});

describe("the sign-in form without JavaScript", () => {
  const post = (fields: Record<string, string>) =>
    request(t.app)
      .post("/admin")
      .type("form")
      .send({ intent: SIGN_IN_FIELDS.intent, returnTo: "/admin", ...fields });

  it("asks for the code with a ticket instead of the password, then signs in", async () => {
    const { user, password, secret } = await withTwoFactor();
    const asked = await post({ username: user.username, password }).expect(401);
    expect(asked.text).toContain(asHtml(TWO_FACTOR_MESSAGES.codeNeeded));
    expect(asked.text).toContain(asHtml(SIGN_IN_CODE_SCREEN.code));
    expect(asked.text).toContain(`name="${TWO_FACTOR_FIELDS.code}"`);
    expect(asked.text).not.toContain(password);
    const ticket = new RegExp(`name="${TWO_FACTOR_FIELDS.pending}" value="([^"]+)"`).exec(asked.text)?.[1];
    expect(ticket).toBeDefined();

    const wrong = await post({ username: user.username, [TWO_FACTOR_FIELDS.pending]: ticket!, code: "12345x" }).expect(
      401,
    );
    expect(wrong.text).toContain(asHtml(TWO_FACTOR_MESSAGES.wrongCode));
    expect(wrong.text).toContain(`name="${TWO_FACTOR_FIELDS.pending}"`);
    expect(sessionOf(wrong)).toBeUndefined();

    // A ticket is not a password: it never signs in without the code.
    await post({ username: user.username, [TWO_FACTOR_FIELDS.pending]: ticket! }).expect(401);
    await post({
      username: user.username,
      [TWO_FACTOR_FIELDS.pending]: "forged",
      code: await nextCode(user.id, secret),
    }).expect(401);

    const ok = await post({
      username: user.username,
      [TWO_FACTOR_FIELDS.pending]: ticket!,
      code: await nextCode(user.id, secret),
      remember: "on",
    }).expect(303);
    expect(ok.headers.location).toBe("/admin");
    const me = await request(t.app).get("/api/auth/me").set("Cookie", sessionOf(ok)!).expect(200);
    expect(me.body.username).toBe(user.username);
    expect(String(ok.headers["set-cookie"])).toContain(`${REMEMBER_COOKIE}=`);
  });
});
