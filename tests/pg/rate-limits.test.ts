import request from "supertest";
import { describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "~/server/auth/auth-service";
import { CONTACT_MESSAGES } from "~/shared/contact-schema";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import { GOOD_CONTACT } from "../helpers/factories";
import { makeUser } from "../helpers/sign-in";
import { useTwoInstances } from "../helpers/two-instances";

/** Rate limits counted in the database (docs/decisions/089-rate-limits-in-postgres.md). */
const { instances } = useTwoInstances();

describe("rate limits shared by the instances on one database", () => {
  it("30 failed sign-ins for one username sent at once to three instances let exactly the limit through", async () => {
    const { apps } = await instances(3);
    const { user } = await makeUser(apps[0]!.store);
    const wrong = { username: user.username, password: "not the password at all" };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        request(apps[i % 3]!.app)
          .post("/api/auth/login")
          .send(wrong),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perUsername.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_LIMITS.perUsername.limit);
    expect(answers.find((a) => a.status === 429)!.body.message).toBe(AUTH_FORM_MESSAGES.tooManyAttempts);
  });

  it("a restarted instance keeps a lockout, even for the right password", async () => {
    const { apps, restart } = await instances(1);
    const { user, password } = await makeUser(apps[0]!.store);
    const wrong = { username: user.username, password: "not the password at all" };
    for (let i = 0; i < LOGIN_LIMITS.perUsername.limit; i++)
      await request(apps[0]!.app).post("/api/auth/login").send(wrong).expect(401);
    const again = await restart(apps[0]);
    const res = await request(again.app).post("/api/auth/login").send({ username: user.username, password });
    expect(res.status).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
  });

  it("contact messages sent at once to three instances from one address are accepted exactly 5 times", async () => {
    const { apps } = await instances(3);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        request(apps[i % 3]!.app)
          .post("/api/contact")
          .send(GOOD_CONTACT),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(answers.find((a) => a.status === 429)!.body.message).toBe(CONTACT_MESSAGES.rateLimited);
    // The messages stored by the other two instances reach the first one's copy by notification.
    await expect.poll(async () => (await apps[0]!.store.listMessages()).length).toBe(5);
  });
});
