import request from "supertest";
import { describe, expect, it } from "vitest";
import { ACCOUNT_LINK_MESSAGES as M } from "~/shared/account-links";
import { sessionCookie, signedIn } from "../helpers/sign-in";
import { useTwoInstances } from "../helpers/two-instances";

/**
 * Invitations and reset links on two instances of one database
 * (docs/decisions/230-invitations-and-reset-links.md): a link made on one works on the other, once,
 * and a reset on one ends the user's sessions on both.
 */
const { twoInstances } = useTwoInstances();

const tokenOf = (link: string) => new URL(link).searchParams.get("token");

describe("one-time links across instances", () => {
  it("an invitation sent on A is accepted on B, then refused on A and on B", async () => {
    const [a, b] = await twoInstances();
    const admin = await signedIn(a, "admin");
    const sent = await request(a.app)
      .post("/api/admin/invitations")
      .set("Cookie", admin.cookie)
      .send({ email: "grace@example.com", role: "editor" })
      .expect(201);
    const body = { token: tokenOf(sent.body.link as string), username: "grace", password: "a long enough secret" };
    await expect
      .poll(async () => (await request(b.app).post("/api/auth/accept-invitation").send(body)).status)
      .toBe(201);
    for (const app of [a, b]) {
      await expect
        .poll(async () => (await request(app.app).post("/api/auth/accept-invitation").send(body)).body.errors)
        .toEqual({ token: [M.linkRefused] });
    }
    expect((await a.store.getUserByUsername("grace"))?.role).toBe("editor");
  });

  it("a reset link from A, used on B, ends the user's sessions on both and is refused on A", async () => {
    const [a, b] = await twoInstances();
    const admin = await signedIn(a, "admin");
    const user = await signedIn(a, "writer");
    const onB = await sessionCookie(b, user.user.id);
    const sent = await request(a.app)
      .post(`/api/admin/users/${user.user.id}/reset-link`)
      .set("Cookie", admin.cookie)
      .expect(200);
    const body = { token: tokenOf(sent.body.link as string), password: "chosen on B" };
    await expect.poll(async () => (await request(b.app).post("/api/auth/reset").send(body)).status).toBe(200);
    await request(a.app).get("/api/auth/me").set("Cookie", user.cookie).expect(401);
    await request(b.app).get("/api/auth/me").set("Cookie", onB).expect(401);
    await expect.poll(async () => (await request(a.app).post("/api/auth/reset").send(body)).status).toBe(400);
  });
});
