import request from "supertest";
import { describe, expect, it } from "vitest";
import { CHALLENGE_COOKIE } from "~/server/auth/passkey-challenges";
import { PASSKEY_MESSAGES, type PasskeySummary } from "~/shared/passkeys";
import { signedIn } from "../helpers/sign-in";
import { softwarePasskey } from "../helpers/software-authenticator";
import type { TestApp } from "../helpers/test-app";
import { useTwoInstances } from "../helpers/two-instances";

/**
 * Passkeys on two instances of one database (docs/decisions/240-passkeys-in-the-user-record.md):
 * a passkey added on one signs in on the other; a challenge made on one is answered on the other
 * (both open the sealed cookie) and taken once in both; the counter a sign-in took on one is the
 * other's too, so a copy of the key is refused everywhere.
 */
const { twoInstances } = useTwoInstances();

const challengeOf = (res: request.Response) =>
  [res.headers["set-cookie"]]
    .flat()
    .find((c) => c?.startsWith(`${CHALLENGE_COOKIE}=`))
    ?.split(";")[0];

async function signInChallenge(app: TestApp) {
  const res = await request(app.app).post("/api/auth/passkey/options").expect(200);
  return { options: res.body, cookie: challengeOf(res)! };
}

describe("passkeys across instances", () => {
  it("added on A, sign in on B; a challenge is taken once across both; a copied key is refused on both", async () => {
    const [a, b] = await twoInstances();
    const { user, cookie } = await signedIn(a, "editor");
    const passkey = softwarePasskey({ origin: new URL(a.config.publicUrl).origin });

    // Options on A, the answer on B.
    const options = await request(a.app).post("/api/account/passkeys/options").set("Cookie", cookie).expect(200);
    const added = await request(b.app)
      .post("/api/account/passkeys")
      .set("Cookie", `${cookie}; ${challengeOf(options)}`)
      .send({ name: "Laptop", response: passkey.register(options.body) })
      .expect(201);
    expect((added.body as PasskeySummary).name).toBe("Laptop");
    await expect.poll(async () => (await a.store.getUserById(user.id))?.passkeys?.length).toBe(1);

    const first = await signInChallenge(a);
    const response = passkey.assert(first.options);
    const signedInOnB = await request(b.app).post("/api/auth/passkey").set("Cookie", first.cookie).send({ response });
    expect(signedInOnB.status).toBe(200);
    expect(signedInOnB.body.username).toBe(user.username);
    const replay = await request(a.app).post("/api/auth/passkey").set("Cookie", first.cookie).send({ response });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(PASSKEY_MESSAGES.challengeExpired);

    // The counter B took reaches A: a copy signing with the old count is refused there.
    await expect.poll(async () => (await a.store.getUserById(user.id))?.passkeys?.[0]?.counter).toBe(1);
    passkey.counter -= 1;
    const copy = await signInChallenge(a);
    const cloned = await request(a.app)
      .post("/api/auth/passkey")
      .set("Cookie", copy.cookie)
      .send({ response: passkey.assert(copy.options) });
    expect(cloned.status).toBe(401);
    expect(cloned.body.message).toBe(PASSKEY_MESSAGES.cloned);
  });
});
