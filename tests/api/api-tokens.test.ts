import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX, type ApiScope } from "~/shared/api-tokens";
import { forbiddenMessage } from "~/shared/permissions";
import { hashSecret } from "~/server/tokens/api-tokens";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/** API tokens (docs/decisions/215-api-tokens.md): made once, scoped, revoked, refused. */
let t: TestApp;
let admin: { cookie: string; user: { id: number } };

beforeAll(async () => {
  t = await makeTestApp();
  admin = await signedIn(t, "admin");
});
afterAll(() => t.close());

const ALL_SCOPES: ApiScope[] = ["content:read", "posts:write", "media:write", "leads:read", "subscribers:manage"];

async function newToken(cookie: string, body: object = {}) {
  const res = await request(t.app)
    .post("/api/account/tokens")
    .set("Cookie", cookie)
    .send({ name: "CI script", scopes: ["content:read"], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; token: string };
}

const bearer = (req: request.Test, token: string) => req.set("Authorization", `Bearer ${token}`);

describe("creating and listing", () => {
  it("shows the secret once, keeps only its hash, and lists the token without it", async () => {
    const made = await newToken(admin.cookie, { name: "Deploy bot", scopes: ["content:read", "posts:write"] });
    expect(made.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(made.token.length).toBeGreaterThan(30);

    const list = await request(t.app).get("/api/account/tokens").set("Cookie", admin.cookie);
    expect(list.status).toBe(200);
    const shown = (list.body.tokens as { id: number }[]).find((x) => x.id === made.id);
    expect(shown).toMatchObject({ name: "Deploy bot", scopes: ["content:read", "posts:write"] });
    expect(JSON.stringify(list.body)).not.toContain(made.token);
    expect(JSON.stringify(list.body)).not.toContain(hashSecret(made.token));

    const stored = await t.store.findApiToken(hashSecret(made.token));
    expect(stored?.id).toBe(made.id);
    expect(JSON.stringify(stored)).not.toContain(made.token);
  });

  it("is in the activity log when made and when revoked", async () => {
    const made = await newToken(admin.cookie, { name: "Logged one" });
    await request(t.app).delete(`/api/account/tokens/${made.id}`).set("Cookie", admin.cookie).expect(200);
    const log = await request(t.app).get("/api/admin/activity").set("Cookie", admin.cookie);
    const kinds = (log.body.entries as { kind: string; what: string }[])
      .filter((e) => e.what.includes(`token ${made.id} "Logged one"`))
      .map((e) => e.kind);
    expect(kinds.sort()).toEqual(["token-create", "token-revoke"]);
  });

  it("answers field errors for an empty name, an unknown scope and a past expiry", async () => {
    const post = (body: object) => request(t.app).post("/api/account/tokens").set("Cookie", admin.cookie).send(body);
    const empty = await post({ name: "  ", scopes: ["content:read"] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.name).toEqual([API_TOKEN_MESSAGES.nameRequired]);
    const unknown = await post({ name: "x", scopes: ["everything"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors["scopes.0"]).toEqual([API_TOKEN_MESSAGES.scopeUnknown]);
    const none = await post({ name: "x", scopes: [] });
    expect(none.body.errors.scopes).toEqual([API_TOKEN_MESSAGES.scopesRequired]);
    const past = await post({ name: "x", scopes: ["content:read"], expiresAt: "2020-01-01" });
    expect(past.status).toBe(400);
    expect(past.body.errors.expiresAt).toEqual([API_TOKEN_MESSAGES.expiryPast]);
    const garbled = await post({ name: "x", scopes: ["content:read"], expiresAt: "soon" });
    expect(garbled.body.errors.expiresAt).toEqual([API_TOKEN_MESSAGES.expiryInvalid]);
  });

  it("needs a signed-in session: a token cannot make or list tokens", async () => {
    const made = await newToken(admin.cookie, { scopes: ALL_SCOPES });
    await request(t.app)
      .post("/api/account/tokens")
      .send({ name: "x", scopes: ["content:read"] })
      .expect(401);
    const asToken = await bearer(request(t.app).post("/api/account/tokens"), made.token).send({
      name: "wider",
      scopes: ALL_SCOPES,
    });
    expect(asToken.status).toBe(403);
    expect(asToken.body.message).toBe(API_TOKEN_MESSAGES.notHere);
  });
});

describe("bearer calls", () => {
  it('a "content:read" token reads posts and is refused a write, naming the scope', async () => {
    const { token } = await newToken(admin.cookie, { scopes: ["content:read"] });
    const read = await bearer(request(t.app).get("/api/cms/posts"), token);
    expect(read.status).toBe(200);
    const before = (await t.store.listPosts()).length;
    const write = await bearer(request(t.app).post("/api/cms/simple-create-post"), token).send(makePostInput());
    expect(write.status).toBe(403);
    expect(write.body.message).toBe(API_TOKEN_MESSAGES.scopeMissing("posts:write"));
    expect((await t.store.listPosts()).length).toBe(before);
  });

  it("needs no Origin header and no cookie, and another site's Origin does not matter", async () => {
    const { token } = await newToken(admin.cookie, { scopes: ["content:read", "posts:write"] });
    const plain = await bearer(request(t.app).post("/api/cms/simple-create-post"), token).send(makePostInput());
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    const elsewhere = await bearer(request(t.app).post("/api/cms/simple-create-post"), token)
      .set("Origin", "https://elsewhere.example")
      .set("Sec-Fetch-Site", "cross-site")
      .send(makePostInput());
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
  });

  it("a revoked token is refused with 401", async () => {
    const { id, token } = await newToken(admin.cookie);
    await bearer(request(t.app).get("/api/cms/posts"), token).expect(200);
    await request(t.app).delete(`/api/account/tokens/${id}`).set("Cookie", admin.cookie).expect(200);
    const res = await bearer(request(t.app).get("/api/cms/posts"), token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(API_TOKEN_MESSAGES.unknown);
  });

  it("an unknown token is refused with 401", async () => {
    const res = await bearer(request(t.app).get("/api/cms/posts"), `${API_TOKEN_PREFIX}not-a-real-one`);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(API_TOKEN_MESSAGES.unknown);
  });

  it("an expired token is refused with 401", async () => {
    const { id, token } = await newToken(admin.cookie, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await bearer(request(t.app).get("/api/cms/posts"), token).expect(200);
    // The clock is not moved: the record is given a past expiry, as time would.
    await t.store.engine.write((s) => ({
      next: {
        ...s.data,
        apiTokens: (s.data.apiTokens ?? []).map((x) =>
          x.id === id ? { ...x, expiresAt: new Date(Date.now() - 1000).toISOString() } : x,
        ),
      },
      result: undefined,
      kinds: [],
    }));
    const res = await bearer(request(t.app).get("/api/cms/posts"), token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(API_TOKEN_MESSAGES.expired);
  });

  it("a disabled owner's token is refused with 401 at once, and works again when enabled", async () => {
    const writer = await signedIn(t, "writer");
    const { token } = await newToken(writer.cookie);
    await bearer(request(t.app).get("/api/cms/posts"), token).expect(200);
    await request(t.app)
      .patch(`/api/admin/users/${writer.user.id}`)
      .set("Cookie", admin.cookie)
      .send({ disabled: true })
      .expect(200);
    const res = await bearer(request(t.app).get("/api/cms/posts"), token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(API_TOKEN_MESSAGES.ownerDisabled);
  });

  it("a deleted owner's token is refused with 401, and gone with them", async () => {
    const writer = await signedIn(t, "writer");
    const { id, token } = await newToken(writer.cookie);
    await request(t.app).delete(`/api/admin/users/${writer.user.id}`).set("Cookie", admin.cookie).expect(200);
    const res = await bearer(request(t.app).get("/api/cms/posts"), token);
    expect(res.status).toBe(401);
    expect((await t.store.listApiTokens(writer.user.id)).map((x) => x.id)).not.toContain(id);
  });

  it("a writer's token with every scope still cannot do what a writer cannot", async () => {
    const writer = await signedIn(t, "writer");
    const { token } = await newToken(writer.cookie, { scopes: ALL_SCOPES });
    await bearer(request(t.app).get("/api/cms/posts"), token).expect(200);
    const users = await bearer(request(t.app).get("/api/admin/users"), token);
    expect(users.status).toBe(403);
    expect(users.body.message).toBe(forbiddenMessage("users.manage"));
    const made = await t.store.createPost(makePostInput({ published: false }));
    const trash = await bearer(request(t.app).post(`/api/cms/delete-post/${made.id}`), token);
    expect(trash.status).toBe(403);
    expect(await t.store.getPostById(made.id)).toBeDefined();
  });

  it("an admin's token does only what its scopes allow, whatever the role may", async () => {
    const { token } = await newToken(admin.cookie, { scopes: ALL_SCOPES });
    const users = await bearer(request(t.app).get("/api/admin/users"), token);
    expect(users.status).toBe(403);
    expect(users.body.message).toBe(API_TOKEN_MESSAGES.noScopeFits);
    const made = await t.store.createPost(makePostInput({ published: false }));
    await bearer(request(t.app).post(`/api/cms/delete-post/${made.id}`), token).expect(200);
  });

  it("records the last use at most once a minute", async () => {
    const { id, token } = await newToken(admin.cookie);
    const listed = async () =>
      (
        (await request(t.app).get("/api/account/tokens").set("Cookie", admin.cookie)).body.tokens as {
          id: number;
          lastUsedAt?: string;
        }[]
      ).find((x) => x.id === id);
    expect((await listed())?.lastUsedAt).toBeUndefined();
    await bearer(request(t.app).get("/api/cms/posts"), token).expect(200);
    const first = (await listed())?.lastUsedAt;
    expect(first).toBeDefined();
    await bearer(request(t.app).get("/api/cms/posts"), token).expect(200);
    expect((await listed())?.lastUsedAt).toBe(first);
  });

  it("a cookie sent with a token counts for nothing: the token's scopes hold", async () => {
    const { token } = await newToken(admin.cookie, { scopes: ["content:read"] });
    const res = await bearer(request(t.app).post("/api/cms/simple-create-post"), token)
      .set("Cookie", admin.cookie)
      .send(makePostInput());
    expect(res.status).toBe(403);
  });
});

describe("rate", () => {
  it("limits calls per token with 429", async () => {
    const limited = await makeTestApp();
    try {
      const owner = await signedIn(limited, "admin");
      const made = await request(limited.app)
        .post("/api/account/tokens")
        .set("Cookie", owner.cookie)
        .send({ name: "busy", scopes: ["content:read"] });
      const { API_TOKEN_RATE } = await import("~/server/tokens/api-tokens");
      let last = 200;
      for (let i = 0; i <= API_TOKEN_RATE.limit && last === 200; i++) {
        last = (await bearer(request(limited.app).get("/api/admin/tags"), made.body.token)).status;
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
