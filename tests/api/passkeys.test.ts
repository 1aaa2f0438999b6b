import { Secret, TOTP as Totp } from "otpauth";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "~/server/auth/auth-router";
import { CHALLENGE_COOKIE } from "~/server/auth/passkey-challenges";
import { SESSION_COOKIE } from "~/server/auth/session";
import { parseBackupContents, serializeBackup } from "~/server/backups/backup-file";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import { PASSKEY_MESSAGES, type PasskeySummary } from "~/shared/passkeys";
import { TOTP, TWO_FACTOR_MESSAGES } from "~/shared/two-factor";
import type { Role } from "~/shared/users";
import { signedIn } from "../helpers/sign-in";
import { softwarePasskey, type SoftwarePasskey } from "../helpers/software-authenticator";
import { useTestApp } from "../helpers/test-app";

/**
 * Passkeys (docs/decisions/240-passkeys-in-the-user-record.md): added, named and removed on the
 * account; a sign-in without a password; the second factor after one; single-use challenges, the
 * signature counter, disabled users, the limits, the roles that require a second factor, the
 * admin's reset and backups. The passkeys are software ones made in Node (software-authenticator.ts).
 */
const t = useTestApp({ perFile: true });
const CHANGES = ACTIVITY_MESSAGES.userChanges;

const cookieOf = (res: request.Response, name: string) =>
  [res.headers["set-cookie"]]
    .flat()
    .find((c) => c?.startsWith(`${name}=`))
    ?.split(";")[0];
const withChallenge = (cookie: string, res: request.Response) => `${cookie}; ${cookieOf(res, CHALLENGE_COOKIE)}`;

const newPasskey = (options: { userVerified?: boolean } = {}) =>
  softwarePasskey({ origin: new URL(t.config.publicUrl).origin, ...options });

/** Adds `passkey` to the account of `cookie` under `name`. */
async function addPasskey(cookie: string, passkey: SoftwarePasskey, name = "Laptop") {
  const options = await request(t.app).post("/api/account/passkeys/options").set("Cookie", cookie).expect(200);
  const res = await request(t.app)
    .post("/api/account/passkeys")
    .set("Cookie", withChallenge(cookie, options))
    .send({ name, response: passkey.register(options.body) })
    .expect(201);
  return res.body as PasskeySummary;
}

/** A user of `role` with one passkey, and their session. */
async function withPasskey(role: Role = "writer") {
  const signed = await signedIn(t, role);
  const passkey = newPasskey();
  const summary = await addPasskey(signed.cookie, passkey);
  return { ...signed, passkey, summary };
}

/** A sign-in challenge: its options and the cookie that carries it. */
async function signInChallenge() {
  const res = await request(t.app).post("/api/auth/passkey/options").expect(200);
  return { options: res.body, cookie: cookieOf(res, CHALLENGE_COOKIE)! };
}

async function signInWith(passkey: SoftwarePasskey) {
  const { options, cookie } = await signInChallenge();
  return request(t.app)
    .post("/api/auth/passkey")
    .set("Cookie", cookie)
    .send({ response: passkey.assert(options) });
}

describe("on the account", () => {
  it("adds a passkey from the options the server gave, then lists, renames and removes it, logged", async () => {
    const { user, cookie } = await signedIn(t, "editor");
    const options = await request(t.app).post("/api/account/passkeys/options").set("Cookie", cookie).expect(200);
    expect(options.body.rp).toEqual({ id: "localhost", name: TOTP.issuer });
    expect(options.body.user.name).toBe(user.username);
    expect(options.body.authenticatorSelection.residentKey).toBe("required");
    const passkey = newPasskey();
    const added = await request(t.app)
      .post("/api/account/passkeys")
      .set("Cookie", withChallenge(cookie, options))
      .send({ name: "  Work laptop ", response: passkey.register(options.body) })
      .expect(201);
    expect(added.body).toEqual({ id: 1, name: "Work laptop", createdAt: expect.any(String) });
    // The record keeps the key and the counter; the answers never show them.
    const stored = (await t.store.getUserById(user.id))!.passkeys!;
    expect(stored).toEqual([
      expect.objectContaining({ id: 1, credentialId: passkey.credentialId, counter: 0, transports: ["internal"] }),
    ]);

    // The next options exclude it, so the device does not make a second one for this account.
    const again = await request(t.app).post("/api/account/passkeys/options").set("Cookie", cookie).expect(200);
    expect(again.body.excludeCredentials).toEqual([
      expect.objectContaining({ id: passkey.credentialId, type: "public-key" }),
    ]);

    const second = await addPasskey(cookie, newPasskey(), "Phone");
    expect(second.id).toBe(2);
    const renamed = await request(t.app)
      .patch("/api/account/passkeys/1")
      .set("Cookie", cookie)
      .send({ name: "Old laptop" })
      .expect(200);
    expect(renamed.body.name).toBe("Old laptop");
    await request(t.app).patch("/api/account/passkeys/1").set("Cookie", cookie).send({ name: " " }).expect(400);
    const listed = await request(t.app).get("/api/account/passkeys").set("Cookie", cookie).expect(200);
    expect(listed.body.passkeys.map((p: PasskeySummary) => p.name)).toEqual(["Old laptop", "Phone"]);

    await request(t.app).delete("/api/account/passkeys/1").set("Cookie", cookie).expect(200);
    await request(t.app).delete("/api/account/passkeys/1").set("Cookie", cookie).expect(404);
    const left = await request(t.app).get("/api/account/passkeys").set("Cookie", cookie).expect(200);
    expect(left.body.passkeys.map((p: PasskeySummary) => p.id)).toEqual([2]);

    const admin = await signedIn(t, "admin");
    const log = await request(t.app).get("/api/admin/activity").set("Cookie", admin.cookie).expect(200);
    const mine = (log.body.entries as { kind: string; what: string; username?: string }[]).filter(
      (e) => e.username === user.username,
    );
    expect(mine.map((e) => [e.kind, e.what])).toEqual([
      ["passkey-remove", ACTIVITY_MESSAGES.user(user.username, CHANGES.passkeyRemoved("Old laptop"))],
      ["passkey-add", ACTIVITY_MESSAGES.user(user.username, CHANGES.passkeyAdded("Phone"))],
      ["passkey-add", ACTIVITY_MESSAGES.user(user.username, CHANGES.passkeyAdded("Work laptop"))],
    ]);
  });

  it("takes each challenge once, only for its own account, and only from the site's origin", async () => {
    const { cookie } = await signedIn(t, "writer");
    const options = await request(t.app).post("/api/account/passkeys/options").set("Cookie", cookie).expect(200);
    const passkey = newPasskey();
    const response = passkey.register(options.body);
    // Without the challenge's cookie.
    const none = await request(t.app).post("/api/account/passkeys").set("Cookie", cookie).send({ name: "A", response });
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(PASSKEY_MESSAGES.challengeExpired);
    // Another user holding this challenge's cookie.
    const other = await signedIn(t, "writer");
    await request(t.app)
      .post("/api/account/passkeys")
      .set("Cookie", withChallenge(other.cookie, options))
      .send({ name: "A", response })
      .expect(401);
    // Another origin signed the answer.
    const fresh = await request(t.app).post("/api/account/passkeys/options").set("Cookie", cookie).expect(200);
    const elsewhere = softwarePasskey({ origin: "https://evil.example" }).register(fresh.body);
    const refused = await request(t.app)
      .post("/api/account/passkeys")
      .set("Cookie", withChallenge(cookie, fresh))
      .send({ name: "A", response: elsewhere });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PASSKEY_MESSAGES.notRegistered);
    // That challenge is used now, refused or not; a new one works once.
    await request(t.app)
      .post("/api/account/passkeys")
      .set("Cookie", withChallenge(cookie, fresh))
      .send({ name: "A", response: passkey.register(fresh.body) })
      .expect(401);
    const last = await request(t.app).post("/api/account/passkeys/options").set("Cookie", cookie).expect(200);
    const ok = { name: "A", response: passkey.register(last.body) };
    await request(t.app).post("/api/account/passkeys").set("Cookie", withChallenge(cookie, last)).send(ok).expect(201);
    await request(t.app).post("/api/account/passkeys").set("Cookie", withChallenge(cookie, last)).send(ok).expect(401);
  });

  it("refuses a bad body with field messages, and a passkey another account holds", async () => {
    const { cookie, passkey } = await withPasskey();
    const options = await request(t.app).post("/api/account/passkeys/options").set("Cookie", cookie).expect(200);
    const bad = await request(t.app)
      .post("/api/account/passkeys")
      .set("Cookie", withChallenge(cookie, options))
      .send({ name: "", response: { id: "x" } })
      .expect(400);
    expect(bad.body.errors.name).toEqual([PASSKEY_MESSAGES.nameRequired]);
    expect(bad.body.errors).toHaveProperty(["response.rawId"]);
    const other = await signedIn(t, "writer");
    const theirs = await request(t.app).post("/api/account/passkeys/options").set("Cookie", other.cookie).expect(200);
    const taken = await request(t.app)
      .post("/api/account/passkeys")
      .set("Cookie", withChallenge(other.cookie, theirs))
      .send({ name: "Same key", response: passkey.register(theirs.body) })
      .expect(409);
    expect(taken.body.message).toBe(PASSKEY_MESSAGES.alreadyRegistered);
  });
});

describe("signing in with a passkey instead of the password", () => {
  it("starts the same session as a password does, logged as a sign-in, and records the last use", async () => {
    const { user, passkey } = await withPasskey("editor");
    const { options, cookie } = await signInChallenge();
    expect(options.rpId).toBe("localhost");
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await request(t.app)
      .post("/api/auth/passkey")
      .set("Cookie", cookie)
      .send({ response: passkey.assert(options) })
      .expect(200);
    expect(res.body).toMatchObject({ id: user.id, username: user.username, role: "editor" });
    const session = cookieOf(res, SESSION_COOKIE)!;
    const me = await request(t.app).get("/api/auth/me").set("Cookie", session).expect(200);
    expect(me.body.username).toBe(user.username);
    const stored = (await t.store.getUserById(user.id))!;
    expect(stored.passkeys![0]).toMatchObject({ counter: 1, lastUsedAt: expect.any(String) });
    expect(stored.lastSignInAt).toBeDefined();
    const admin = await signedIn(t, "admin");
    const log = await request(t.app).get("/api/admin/activity?kind=sign-in").set("Cookie", admin.cookie).expect(200);
    expect(log.body.entries.some((e: { username?: string }) => e.username === user.username)).toBe(true);
  });

  it("takes an answer once, and refuses a copied key whose counter goes back", async () => {
    const { passkey } = await withPasskey();
    const { options, cookie } = await signInChallenge();
    const response = passkey.assert(options);
    await request(t.app).post("/api/auth/passkey").set("Cookie", cookie).send({ response }).expect(200);
    const replay = await request(t.app).post("/api/auth/passkey").set("Cookie", cookie).send({ response }).expect(401);
    expect(replay.body.message).toBe(PASSKEY_MESSAGES.challengeExpired);
    // A copy of the key signs with the counter it had: not above the stored one.
    passkey.counter -= 1;
    const cloned = await signInWith(passkey);
    expect(cloned.status).toBe(401);
    expect(cloned.body.message).toBe(PASSKEY_MESSAGES.cloned);
  });

  it("refuses an unknown passkey, one that did not check its owner, and a disabled user", async () => {
    const unknown = await signInWith(newPasskey());
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(AUTH_FORM_MESSAGES.invalidCredentials);

    const { cookie } = await signedIn(t, "writer");
    const unverified = newPasskey({ userVerified: false });
    await addPasskey(cookie, unverified);
    expect((await signInWith(unverified)).status).toBe(401);

    const { user, passkey } = await withPasskey();
    await t.store.updateUser(user.id, { disabled: true });
    const disabled = await signInWith(passkey);
    expect(disabled.status).toBe(403);
    expect(disabled.body.message).toBe(AUTH_FORM_MESSAGES.accountDisabled);
    expect(cookieOf(disabled, SESSION_COOKIE)).toBeUndefined();
  });

  it("counts failures against the user as a password's are", async () => {
    const { user, passkey } = await withPasskey();
    // Answers signed by another key under this passkey's id: a wrong signature each time.
    const forger = newPasskey();
    for (let i = 0; i < LOGIN_LIMITS.perUsername.limit; i++) {
      const { options, cookie } = await signInChallenge();
      const forged = { ...forger.assert(options), id: passkey.credentialId, rawId: passkey.credentialId };
      await request(t.app).post("/api/auth/passkey").set("Cookie", cookie).send({ response: forged }).expect(401);
    }
    const limited = await signInWith(passkey);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(AUTH_FORM_MESSAGES.tooManyAttempts);
    await t.store.updateUser(user.id, { disabled: true });
  });

  it("answers 400 to a body that is not a passkey answer", async () => {
    const { cookie } = await signInChallenge();
    const res = await request(t.app).post("/api/auth/passkey").set("Cookie", cookie).send({ response: "no" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.badResponse);
  });
});

describe("as the second factor", () => {
  const login = (body: object, cookie?: string) => {
    const req = request(t.app).post("/api/auth/login");
    return (cookie ? req.set("Cookie", cookie) : req).send(body);
  };

  it("is offered in the 401 and answers it instead of a code", async () => {
    const { user, password, passkey } = await withPasskey();
    const asked = await login({ username: user.username, password }).expect(401);
    expect(asked.body).toMatchObject({
      twoFactorRequired: true,
      factors: ["passkey"],
      message: TWO_FACTOR_MESSAGES.codeNeeded,
    });
    const { options, cookie } = await signInChallenge();
    const res = await login({ username: user.username, password, passkey: passkey.assert(options) }, cookie).expect(
      200,
    );
    expect(res.body.username).toBe(user.username);
  });

  it("names both factors when the user has a code too, and refuses another user's passkey", async () => {
    const { user, password, cookie } = await signedIn(t, "writer");
    const setup = await request(t.app).post("/api/account/totp/setup").set("Cookie", cookie).expect(200);
    const code = Totp.generate({ secret: Secret.fromBase32(setup.body.secret as string) });
    await request(t.app).post("/api/account/totp/enable").set("Cookie", cookie).send({ code }).expect(200);
    await addPasskey(cookie, newPasskey());
    const asked = await login({ username: user.username, password }).expect(401);
    expect(asked.body.factors).toEqual(["totp", "passkey"]);

    const someoneElse = await withPasskey();
    const { options, cookie: challenge } = await signInChallenge();
    const refused = await login(
      { username: user.username, password, passkey: someoneElse.passkey.assert(options) },
      challenge,
    ).expect(401);
    expect(refused.body).toMatchObject({ twoFactorRequired: true, message: PASSKEY_MESSAGES.refused });
  });

  it("counts for a role that requires a second factor, and an admin's reset removes it, logged", async () => {
    const admin = await signedIn(t, "admin");
    await request(t.app)
      .put("/api/admin/two-factor")
      .set("Cookie", admin.cookie)
      .send({ roles: ["contributor"] });
    try {
      const { user, cookie } = await signedIn(t, "contributor");
      const before = await request(t.app).get("/api/auth/me").set("Cookie", cookie).expect(200);
      expect(before.body.twoFactorSetupRequired).toBe(true);
      // A passkey can be the set-up: its calls are open before it is done.
      await addPasskey(cookie, newPasskey());
      const after = await request(t.app).get("/api/auth/me").set("Cookie", cookie).expect(200);
      expect(after.body.twoFactorSetupRequired).toBeUndefined();
      // The Users tab shows a second factor on, and offers its reset.
      const rows = await request(t.app).get("/api/admin/users").set("Cookie", admin.cookie).expect(200);
      expect(rows.body.users.find((u: { id: number }) => u.id === user.id).twoFactor).toBe(true);

      await request(t.app).delete(`/api/admin/users/${user.id}/totp`).set("Cookie", admin.cookie).expect(200);
      expect((await t.store.getUserById(user.id))!.passkeys).toBeUndefined();
      const reset = await request(t.app).get("/api/auth/me").set("Cookie", cookie).expect(200);
      expect(reset.body.twoFactorSetupRequired).toBe(true);
      const log = await request(t.app)
        .get("/api/admin/activity?kind=two-factor-reset")
        .set("Cookie", admin.cookie)
        .expect(200);
      expect(log.body.entries[0].what).toBe(
        ACTIVITY_MESSAGES.user(user.username, CHANGES.twoFactorResetWithPasskeys(1)),
      );
      // Nothing left to reset.
      await request(t.app).delete(`/api/admin/users/${user.id}/totp`).set("Cookie", admin.cookie).expect(409);
    } finally {
      await request(t.app).put("/api/admin/two-factor").set("Cookie", admin.cookie).send({ roles: [] });
    }
  });
});

describe("with the account", () => {
  it("are put back by a restore, which keeps the counter taken since the backup", async () => {
    const { user, cookie, passkey } = await withPasskey();
    const backedUp = (await t.store.getUserById(user.id))!;
    expect((await signInWith(passkey)).status).toBe(200);
    await request(t.app).patch("/api/account/passkeys/1").set("Cookie", cookie).send({ name: "Renamed" }).expect(200);
    await t.store.restoreRecords({ users: [backedUp] });
    const restored = (await t.store.getUserById(user.id))!.passkeys!;
    expect(restored).toEqual([expect.objectContaining({ name: "Laptop", counter: 1 })]);
    // The backup's counter (0) would let a copy of the key answer with 1 again: it is refused.
    passkey.counter = 1;
    expect((await signInWith(passkey)).body.message).toBe(PASSKEY_MESSAGES.cloned);
  });

  it("go when the user is deleted, and travel in a whole-site backup", async () => {
    const { user, passkey } = await withPasskey();
    const stored = (await t.store.getUserById(user.id))!;
    const backup = JSON.parse(serializeBackup([], new Date().toISOString(), {}, { records: { users: [stored] } }));
    const contents = parseBackupContents(backup, "test");
    expect(contents.users[0]!.passkeys).toEqual(stored.passkeys);

    const admin = await signedIn(t, "admin");
    await request(t.app).delete(`/api/admin/users/${user.id}`).set("Cookie", admin.cookie).expect(200);
    expect(await t.store.findUserByPasskey(passkey.credentialId)).toBeUndefined();
    expect((await signInWith(passkey)).status).toBe(401);
  });
});
