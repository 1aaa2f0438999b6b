import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "~/server/auth/auth-service";
import { CONTACT_MESSAGES } from "~/shared/contact-schema";
import { makeUser } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/**
 * The setup of docs/operations.md: one nginx in front, which appends the address it saw to whatever
 * X-Forwarded-For the client sent. Supertest connects from 127.0.0.1, playing that proxy.
 */
const MESSAGE = { name: "Mallory", email: "mallory@example.com", message: "Hello there." };
const REAL_CLIENT = "198.51.100.7";

let t: Awaited<ReturnType<typeof makeTestApp>> | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const forged = (i: number) => `203.0.113.${i + 1}`;

describe("TRUST_PROXY=true: exactly one proxy in front", () => {
  it("counts the contact limit by the address the proxy saw, whatever left-most address the client forges", async () => {
    t = await makeTestApp({ env: { TRUST_PROXY: "true" } });
    const app = t.app;
    const send = (i: number) =>
      request(app)
        .post("/api/contact")
        .set("X-Forwarded-For", `${forged(i)}, ${REAL_CLIENT}`)
        .send(MESSAGE);
    for (let i = 0; i < 5; i++) await send(i).expect(201);
    const limited = await send(5).expect(429);
    expect(limited.body.message).toBe(CONTACT_MESSAGES.rateLimited);
    const stored = await t.store.listMessages();
    expect(stored.map((m) => m.ip)).toEqual(Array<string>(5).fill(REAL_CLIENT));
  });

  it("limits failed sign-ins by the real address even when every attempt forges another one", async () => {
    t = await makeTestApp({ env: { TRUST_PROXY: "true" } });
    const app = t.app;
    const perUser = LOGIN_LIMITS.perUsername.limit - 1;
    const users = await Promise.all(
      Array.from({ length: Math.ceil(LOGIN_LIMITS.perIp.limit / perUser) }, () => makeUser(t!.store)),
    );
    const attempt = (username: string, password: string, i: number) =>
      request(app)
        .post("/api/auth/login")
        .set("X-Forwarded-For", `${forged(i)}, ${REAL_CLIENT}`)
        .send({ username, password });
    for (let i = 0; i < LOGIN_LIMITS.perIp.limit; i++) {
      await attempt(users[Math.floor(i / perUser)]!.user.username, "wrong password", i).expect(401);
    }
    const fresh = await makeUser(t.store);
    await attempt(fresh.user.username, fresh.password, 99).expect(429);
  });

  it("a request with no X-Forwarded-For counts by the proxy's own address", async () => {
    t = await makeTestApp({ env: { TRUST_PROXY: "true" } });
    await request(t.app).post("/api/contact").send(MESSAGE).expect(201);
    expect((await t.store.listMessages())[0]!.ip).toMatch(/127\.0\.0\.1$/);
  });
});

describe("TRUST_PROXY as a hop count or a list", () => {
  it("2 hops: the entry the outer proxy added, not the client's", async () => {
    t = await makeTestApp({ env: { TRUST_PROXY: "2" } });
    await request(t.app)
      .post("/api/contact")
      .set("X-Forwarded-For", `${forged(0)}, ${REAL_CLIENT}, 10.0.0.5`)
      .send(MESSAGE)
      .expect(201);
    expect((await t.store.listMessages())[0]!.ip).toBe(REAL_CLIENT);
  });

  it("a list: the right-most address not in it", async () => {
    t = await makeTestApp({ env: { TRUST_PROXY: "loopback, 10.0.0.0/8" } });
    await request(t.app)
      .post("/api/contact")
      .set("X-Forwarded-For", `${forged(0)}, ${REAL_CLIENT}, 10.1.2.3, 10.0.0.5`)
      .send(MESSAGE)
      .expect(201);
    expect((await t.store.listMessages())[0]!.ip).toBe(REAL_CLIENT);
  });

  it("no TRUST_PROXY: X-Forwarded-For is ignored", async () => {
    t = await makeTestApp();
    await request(t.app).post("/api/contact").set("X-Forwarded-For", forged(0)).send(MESSAGE).expect(201);
    expect((await t.store.listMessages())[0]!.ip).toMatch(/127\.0\.0\.1$/);
  });
});
