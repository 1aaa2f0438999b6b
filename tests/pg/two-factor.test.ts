import { Secret, TOTP as Totp } from "otpauth";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { TOTP, TWO_FACTOR_MESSAGES } from "~/shared/two-factor";
import { signedIn } from "../helpers/sign-in";
import type { TestApp } from "../helpers/test-app";
import { useTwoInstances } from "../helpers/two-instances";

/**
 * Two-factor sign-in on two instances of one database
 * (docs/decisions/220-two-factor-secrets-in-the-user-record.md): the secret set up on one is in the
 * users table, so the other asks for and takes its codes, and a code or a recovery code taken on
 * one is refused by the other, each decided inside the write on the shared records.
 */
const { twoInstances } = useTwoInstances();

const stepNow = () => Totp.counter({ period: TOTP.period, timestamp: Date.now() });
const codeAt = (secret: string, step: number) =>
  Totp.generate({ secret: Secret.fromBase32(secret), timestamp: step * TOTP.period * 1000 });
const login = (app: TestApp, body: object) => request(app.app).post("/api/auth/login").send(body);

describe("two-factor sign-in across instances", () => {
  it("a user who set it up on A signs in with a code on B; the code and a recovery code work once in all", async () => {
    const [a, b] = await twoInstances();
    const { user, password, cookie } = await signedIn(a, "editor");
    const { secret } = (await request(a.app).post("/api/account/totp/setup").set("Cookie", cookie).expect(200))
      .body as { secret: string };
    const enabled = await request(a.app)
      .post("/api/account/totp/enable")
      .set("Cookie", cookie)
      .send({ code: codeAt(secret, stepNow()) })
      .expect(200);
    const [recovery] = enabled.body.recoveryCodes as string[];

    // B asks for the code once the set-up reaches it.
    await expect
      .poll(async () => (await login(b, { username: user.username, password })).body.twoFactorRequired)
      .toBe(true);
    const lastStep = (await b.store.getUserById(user.id))!.twoFactor!.lastStep!;
    const code = codeAt(secret, Math.max(lastStep + 1, stepNow()));
    await login(b, { username: user.username, password, code }).expect(200);
    const replay = await login(a, { username: user.username, password, code }).expect(401);
    expect(replay.body.errors.code).toEqual([TWO_FACTOR_MESSAGES.wrongCode]);

    await login(a, { username: user.username, password, code: recovery }).expect(200);
    await login(b, { username: user.username, password, code: recovery }).expect(401);
    expect((await b.store.getUserById(user.id))!.twoFactor).toMatchObject({ secret, recoveryCodes: expect.any(Array) });
  });
});
