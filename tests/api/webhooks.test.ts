import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TOKEN_MESSAGES } from "~/shared/api-tokens";
import { forbiddenMessage } from "~/shared/permissions";
import { WEBHOOK_MESSAGES, WEBHOOK_SIGNATURE_HEADER } from "~/shared/webhooks";
import { deliver } from "~/server/webhooks/deliver";
import { makePageInput, makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/**
 * How the tests wait for a delivery: a time limit catches one that never comes, not slowness. The
 * outbox's ticks and retries take longer than poll's default second on a machine busy with the
 * rest of the suite.
 */
const POLL = { interval: 20, timeout: 15_000 };

/**
 * Webhooks (docs/decisions/225-signed-webhooks-through-the-outbox.md): endpoints added and removed
 * by admins, signed deliveries retried through the outbox, and private addresses refused unless
 * the operator allows them (226).
 */

type Received = {
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: number; event: string } & Record<string, unknown>;
};

/** A receiver on 127.0.0.1 answering each request with the next of `statuses` (200 once they run out). */
async function receiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body, json: JSON.parse(body) as Received["json"] });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { server, url, received, statuses, close: () => new Promise((r) => server.close(r)) };
}

/** The check docs/api.md shows a receiver: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
function signatureValid(header: string | undefined, secret: string, body: string): boolean {
  const parts = Object.fromEntries((header ?? "").split(",").map((p) => p.split("=", 2) as [string, string]));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest("hex");
  const given = Buffer.from(parts.v1 ?? "", "utf8");
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, "utf8"));
}

describe("endpoints, on a site that refuses private addresses", () => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await makeTestApp();
    admin = await signedIn(t, "admin");
  });
  afterAll(() => t.close());
  const add = (body: object) => request(t.app).post("/api/admin/webhooks").set("Cookie", admin.cookie).send(body);

  it("adds an endpoint with a made secret, lists it without the secret, and removes it, in the activity log", async () => {
    const made = await add({ url: "https://hooks.example.com/cms", events: ["post.published", "post.deleted"] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ id: expect.any(Number), secret: expect.stringMatching(/^whsec_.{30,}/) });

    const list = await request(t.app).get("/api/admin/webhooks").set("Cookie", admin.cookie).expect(200);
    expect(list.body.webhooks).toEqual([
      expect.objectContaining({
        id: made.body.id,
        url: "https://hooks.example.com/cms",
        events: ["post.published", "post.deleted"],
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(made.body.secret);

    const given = await add({
      url: "https://hooks.example.com/own",
      events: ["post.updated"],
      secret: "a-secret-of-our-own",
    });
    expect(given.body.secret).toBe("a-secret-of-our-own");

    await request(t.app).delete(`/api/admin/webhooks/${made.body.id}`).set("Cookie", admin.cookie).expect(200);
    await request(t.app).delete(`/api/admin/webhooks/${made.body.id}`).set("Cookie", admin.cookie).expect(404);
    const after = await request(t.app).get("/api/admin/webhooks").set("Cookie", admin.cookie).expect(200);
    expect((after.body.webhooks as { id: number }[]).map((w) => w.id)).toEqual([given.body.id]);

    const log = await request(t.app).get("/api/admin/activity").set("Cookie", admin.cookie);
    const kinds = (log.body.entries as { kind: string; what: string }[])
      .filter((e) => e.what.startsWith(`webhook ${made.body.id} `))
      .map((e) => e.kind);
    expect(kinds.sort()).toEqual(["webhook-add", "webhook-remove"]);
  });

  it("answers 400 with field messages for a bad address, no events, an unknown event and a short secret", async () => {
    const bad = await add({ url: "ftp://hooks.example.com", events: [], secret: "short" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.url).toEqual([WEBHOOK_MESSAGES.urlInvalid]);
    expect(bad.body.errors.events).toEqual([WEBHOOK_MESSAGES.eventsRequired]);
    expect(bad.body.errors.secret).toEqual([WEBHOOK_MESSAGES.secretLength]);
    const unknown = await add({ url: "https://hooks.example.com", events: ["page.deleted"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors["events.0"]).toEqual([WEBHOOK_MESSAGES.eventUnknown]);
    const missing = await add({});
    expect(missing.body.errors.url).toEqual([WEBHOOK_MESSAGES.urlRequired]);
    await request(t.app).get("/api/admin/webhooks/x/deliveries").set("Cookie", admin.cookie).expect(400);
  });

  it("refuses loopback, private and link-local addresses, also behind a name, without WEBHOOK_ALLOW_PRIVATE", async () => {
    for (const [url, address] of [
      ["http://127.0.0.1:9/hook", "127.0.0.1"],
      ["http://169.254.169.254/latest/meta-data", "169.254.169.254"],
      ["http://10.1.2.3/", "10.1.2.3"],
      ["http://[::1]:9/", "::1"],
      ["http://[::ffff:192.168.0.1]/", "::ffff:c0a8:1"],
      ["http://localhost:9/hook", "127.0.0.1"],
    ]) {
      const res = await add({ url, events: ["post.published"] });
      expect(res.status, url).toBe(400);
      expect(res.body.errors.url, url).toEqual([WEBHOOK_MESSAGES.urlPrivate(address!)]);
    }
    expect((await t.store.listWebhooks()).some((w) => w.url.includes("localhost"))).toBe(false);
  });

  it("checks the address actually connected to: a name resolving to loopback is not reached", async () => {
    const hook = await receiver();
    try {
      const port = new URL(hook.url).port;
      const outcome = await deliver({
        url: `http://localhost:${port}/hook`,
        ...{ secret: "s".repeat(20), body: "{}", headers: {}, timeoutMs: 2000, allowPrivate: false },
      });
      expect(outcome.ok).toBe(false);
      expect(outcome.error).toMatch(/^refused (127\.0\.0\.1|::1): a private, loopback or link-local address$/);
      const allowed = await deliver({
        url: hook.url,
        ...{ secret: "s".repeat(20), body: "{}", headers: {}, timeoutMs: 2000, allowPrivate: true },
      });
      expect(allowed).toEqual({ ok: true, status: 200 });
      expect(hook.received).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it("is for admins only", async () => {
    const editor = await signedIn(t, "editor");
    const res = await request(t.app).get("/api/admin/webhooks").set("Cookie", editor.cookie);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(forbiddenMessage("webhooks.manage"));
    await request(t.app).get("/api/admin/webhooks").expect(401);
    // Not even an admin's API token, whatever its scopes (docs/decisions/215-api-tokens.md).
    const token = await request(t.app)
      .post("/api/account/tokens")
      .set("Cookie", admin.cookie)
      .send({ name: "Hooks", scopes: ["content:read", "posts:write", "media:write", "leads:read"] })
      .expect(201);
    const bearer = await request(t.app)
      .post("/api/admin/webhooks")
      .set("Authorization", `Bearer ${token.body.token as string}`)
      .send({ url: "https://hooks.example.com/token", events: ["post.published"] });
    expect(bearer.status).toBe(403);
    expect(bearer.body.message).toBe(API_TOKEN_MESSAGES.noScopeFits);
  });
});

describe("deliveries, with WEBHOOK_ALLOW_PRIVATE=true and short retries", () => {
  let t: TestApp;
  let admin: { cookie: string };
  let hook: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    t = await makeTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_DELAYS_MS: "50,50" } });
    admin = await signedIn(t, "admin");
    hook = await receiver();
  });
  afterAll(async () => {
    await t.close();
    await hook.close();
  });

  const addHook = async (events: string[], url = hook.url) => {
    const res = await request(t.app).post("/api/admin/webhooks").set("Cookie", admin.cookie).send({ url, events });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; secret: string };
  };
  const deliveries = async (id: number) =>
    (await request(t.app).get(`/api/admin/webhooks/${id}/deliveries`).set("Cookie", admin.cookie).expect(200)).body
      .deliveries as {
      event: string;
      state: string;
      attempts: number;
      responseCode?: number;
      nextAttemptAt?: string;
    }[];

  it("a published post is delivered, signed with the endpoint's secret; an update, an unpublish and a delete follow", async () => {
    const made = await addHook(["post.published", "post.updated", "post.unpublished", "post.deleted"]);
    const post = (
      await request(t.app)
        .post("/api/cms/simple-create-post")
        .set("Cookie", admin.cookie)
        .send(makePostInput({ title: "Fired" }))
        .expect(201)
    ).body as { id: number; slug: string };
    await expect.poll(() => hook.received.length, POLL).toBe(1);
    const first = hook.received[0]!;
    expect(first.json).toMatchObject({
      event: "post.published",
      post: {
        id: post.id,
        title: "Fired",
        slug: post.slug,
        published: true,
        url: `${t.config.publicUrl}/blog/${post.slug}`,
      },
    });
    expect(first.headers["x-queuewise-event"]).toBe("post.published");
    expect(
      signatureValid(first.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string, made.secret, first.body),
    ).toBe(true);
    expect(
      signatureValid(first.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string, "another secret", first.body),
    ).toBe(false);

    const update = (body: object) =>
      request(t.app).put(`/api/cms/update-post/${post.id}`).set("Cookie", admin.cookie).send(body).expect(200);
    await update({ title: "Fired again" });
    await update({ published: false });
    await request(t.app).post(`/api/cms/delete-post/${post.id}`).set("Cookie", admin.cookie).expect(200);
    await expect
      .poll(() => hook.received.map((r) => r.json.event), POLL)
      .toEqual(["post.published", "post.updated", "post.unpublished", "post.deleted"]);
    await request(t.app).delete(`/api/admin/webhooks/${made.id}`).set("Cookie", admin.cookie).expect(200);
    hook.received.length = 0;
  });

  it("a page going live is delivered with its address; saving it as a draft fires nothing", async () => {
    const made = await addHook(["page.published"]);
    const input = makePageInput({ title: "Pricing that fires" });
    const page = (await request(t.app).post("/api/cms/pages").set("Cookie", admin.cookie).send(input).expect(201))
      .body as { id: number; path: string };
    await request(t.app).post(`/api/cms/pages/${page.id}/publish`).set("Cookie", admin.cookie).send({}).expect(200);
    await expect.poll(() => hook.received.length, POLL).toBe(1);
    expect(hook.received[0]!.json).toMatchObject({
      event: "page.published",
      page: { id: page.id, title: "Pricing that fires", path: input.path, url: `${t.config.publicUrl}${input.path}` },
    });
    await request(t.app).delete(`/api/admin/webhooks/${made.id}`).set("Cookie", admin.cookie).expect(200);
    hook.received.length = 0;
  });

  it("a delivery answered 500 is retried on the backoff schedule, and the log says how it went", async () => {
    const made = await addHook(["contact.message.received"]);
    hook.statuses.push(500);
    await request(t.app)
      .post("/api/contact")
      .send({ name: "Ada", email: "ada@example.com", message: "We would like a demo of the queue system." })
      .expect(201);
    await expect.poll(() => hook.received.length, POLL).toBe(2);
    // The same delivery twice: same id, same body; a new signature time at most.
    expect(hook.received[1]!.json.id).toBe(hook.received[0]!.json.id);
    expect(hook.received[1]!.body).toBe(hook.received[0]!.body);
    expect(hook.received[0]!.json).toMatchObject({
      event: "contact.message.received",
      type: "contact-message",
      message: { name: "Ada", email: "ada@example.com" },
    });
    expect(hook.received[0]!.body).not.toContain('"ip"');
    await expect
      .poll(async () => (await deliveries(made.id))[0], POLL)
      .toMatchObject({
        event: "contact.message.received",
        state: "delivered",
        attempts: 2,
        responseCode: 200,
      });
    await request(t.app).delete(`/api/admin/webhooks/${made.id}`).set("Cookie", admin.cookie).expect(200);
    hook.received.length = 0;
  });

  it("gives up once the schedule is spent, saying the last answer", async () => {
    const made = await addHook(["contact.message.received"]);
    hook.statuses.push(500, 502, 503);
    await request(t.app).post(`/api/admin/webhooks/${made.id}/test`).set("Cookie", admin.cookie).expect(202);
    await expect
      .poll(async () => (await deliveries(made.id))[0], POLL)
      .toMatchObject({
        event: "webhook.test",
        state: "failed",
        attempts: 3,
        responseCode: 503,
      });
    expect(hook.received).toHaveLength(3);
    await request(t.app).delete(`/api/admin/webhooks/${made.id}`).set("Cookie", admin.cookie).expect(200);
    hook.received.length = 0;
  });

  it("Send test delivers a signed webhook.test to that endpoint only, and logs it", async () => {
    const made = await addHook(["post.deleted"]);
    const other = await addHook(["post.deleted"]);
    const res = await request(t.app).post(`/api/admin/webhooks/${made.id}/test`).set("Cookie", admin.cookie);
    expect(res.status).toBe(202);
    expect(res.body.delivery).toMatchObject({ event: "webhook.test", state: "pending", attempts: 0 });
    await expect.poll(() => hook.received.length, POLL).toBe(1);
    const got = hook.received[0]!;
    expect(got.json.event).toBe("webhook.test");
    expect(signatureValid(got.headers["x-queuewise-signature"] as string, made.secret, got.body)).toBe(true);
    await expect.poll(async () => (await deliveries(made.id))[0]?.state, POLL).toBe("delivered");
    expect(await deliveries(other.id)).toEqual([]);
    await request(t.app).post("/api/admin/webhooks/999/test").set("Cookie", admin.cookie).expect(404);
  });
});

describe("a restart", () => {
  it("delivers what was waiting for its retry when the server stopped, at its time, once", async () => {
    const hook = await receiver();
    hook.statuses.push(500);
    const env = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_DELAYS_MS: "300" };
    let t = await makeTestApp({ env });
    try {
      const admin = await signedIn(t, "admin");
      const made = await request(t.app)
        .post("/api/admin/webhooks")
        .set("Cookie", admin.cookie)
        .send({ url: hook.url, events: ["post.published"] })
        .expect(201);
      await t.store.createPost(makePostInput());
      const pending = () => t.store.listWebhookDeliveries(made.body.id as number);
      await expect.poll(async () => (await pending())[0]?.attempts, POLL).toBe(1);
      await t.release();
      t = await makeTestApp({ env, dataDir: t.dataDir });
      await expect.poll(async () => (await pending())[0]?.state, POLL).toBe("delivered");
      expect((await pending())[0]).toMatchObject({ attempts: 2, responseCode: 200 });
      expect(hook.received.map((r) => r.json.id)).toEqual([1, 1]);
    } finally {
      await t.close();
      await hook.close();
    }
  });
});

describe("CONTACT_WEBHOOK_URL on upgrade", () => {
  it("becomes the first endpoint, for contact messages, once: removed, it stays removed at the next start", async () => {
    const hook = await receiver();
    const env = { CONTACT_WEBHOOK_URL: hook.url, WEBHOOK_ALLOW_PRIVATE: "true" };
    let t = await makeTestApp({ env });
    try {
      await t.app.adopted;
      const [first] = await t.store.listWebhooks();
      expect(first).toMatchObject({
        id: 1,
        url: hook.url,
        events: ["contact.message.received"],
        fromContactWebhookUrl: true,
      });
      await request(t.app)
        .post("/api/contact")
        .send({ name: "Bo", email: "bo@example.com", message: "Please call me about queues." })
        .expect(201);
      await expect.poll(() => hook.received.length, POLL).toBe(1);
      expect(hook.received[0]!.json).toMatchObject({ type: "contact-message", message: { name: "Bo" } });
      expect(
        signatureValid(
          hook.received[0]!.headers["x-queuewise-signature"] as string,
          first!.secret,
          hook.received[0]!.body,
        ),
      ).toBe(true);

      const admin = await signedIn(t, "admin");
      await request(t.app).delete(`/api/admin/webhooks/${first!.id}`).set("Cookie", admin.cookie).expect(200);
      await t.release();
      t = await makeTestApp({ env, dataDir: t.dataDir });
      await t.app.adopted;
      expect(await t.store.listWebhooks()).toEqual([]);
    } finally {
      await t.close();
      await hook.close();
    }
  });
});
