import request from "supertest";
import { describe, expect, it } from "vitest";
import { API_TOKEN_MESSAGES } from "~/shared/api-tokens";
import { signedIn } from "../helpers/sign-in";
import type { TestApp } from "../helpers/test-app";
import { useTwoInstances } from "../helpers/two-instances";

/**
 * API tokens on two instances of one database (docs/decisions/215-api-tokens.md): each checks a
 * bearer call against its own records, which the store's notifications keep current, so what one
 * instance revokes or disables the other refuses as soon as the change reaches it.
 */
const { twoInstances } = useTwoInstances();

const read = (app: TestApp, token: string) =>
  request(app.app).get("/api/cms/posts").set("Authorization", `Bearer ${token}`);

async function tokenOn(app: TestApp, cookie: string) {
  const res = await request(app.app)
    .post("/api/account/tokens")
    .set("Cookie", cookie)
    .send({ name: "Sync script", scopes: ["content:read"] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; token: string };
}

describe("API tokens across instances", () => {
  it("a token made on A works on B; revoked on A, B refuses it (401) at once", async () => {
    const [a, b] = await twoInstances();
    const owner = await signedIn(a, "editor");
    const { id, token } = await tokenOn(a, owner.cookie);
    await expect.poll(async () => (await read(b, token)).status).toBe(200);

    await request(a.app).delete(`/api/account/tokens/${id}`).set("Cookie", owner.cookie).expect(200);
    await read(a, token).expect(401);
    // Within the store's notification: B reads the changed row when PostgreSQL tells it.
    await expect.poll(async () => (await read(b, token)).status, { timeout: 2000, interval: 20 }).toBe(401);
    expect((await read(b, token)).body.message).toBe(API_TOKEN_MESSAGES.unknown);
  });

  it("an owner disabled on A has their token refused on B at once", async () => {
    const [a, b] = await twoInstances();
    const admin = await signedIn(a, "admin");
    const writer = await signedIn(a, "writer");
    const { token } = await tokenOn(a, writer.cookie);
    await expect.poll(async () => (await read(b, token)).status).toBe(200);

    await request(a.app)
      .patch(`/api/admin/users/${writer.user.id}`)
      .set("Cookie", admin.cookie)
      .send({ disabled: true })
      .expect(200);
    await expect.poll(async () => (await read(b, token)).status, { timeout: 2000, interval: 20 }).toBe(401);
    expect((await read(b, token)).body.message).toBe(API_TOKEN_MESSAGES.ownerDisabled);
  });
});
