import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JSON_BODY_MESSAGES } from "~/server/http/json-body";
import { HONEYPOT_FIELD } from "~/server/contact/contact";
import { FORM_BODY_MESSAGES } from "~/server/http/form-body";
import { CONTACT_MESSAGES } from "~/shared/contact-schema";
import { asHtml } from "../helpers/html";
import { GOOD_CONTACT as GOOD } from "../helpers/factories";
import { makeTestApp } from "../helpers/test-app";

let t: Awaited<ReturnType<typeof makeTestApp>>;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const post = () => request(t.app).post("/api/contact");

describe("POST /api/contact", () => {
  it("stores one message from good input", async () => {
    await post().send(GOOD).expect(201, { success: true });
    const messages = await t.store.listMessages();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ...GOOD, id: expect.any(Number), createdAt: expect.any(String) });
  });

  it("accepts a message without the optional company and industry", async () => {
    await post().send({ name: "Bo", email: "bo@example.com", message: "Hi" }).expect(201);
    const [stored] = await t.store.listMessages();
    expect(stored).not.toHaveProperty("company");
    expect(stored).not.toHaveProperty("industry");
  });

  it.each([
    [
      "missing fields",
      {},
      {
        name: [CONTACT_MESSAGES.nameRequired],
        email: [CONTACT_MESSAGES.emailRequired],
        message: [CONTACT_MESSAGES.messageRequired],
      },
    ],
    [
      "blank fields",
      { name: "  ", email: " ", message: "\n" },
      {
        name: [CONTACT_MESSAGES.nameRequired],
        email: [CONTACT_MESSAGES.emailRequired],
        message: [CONTACT_MESSAGES.messageRequired],
      },
    ],
    ["a bad email", { ...GOOD, email: "not-an-email" }, { email: [CONTACT_MESSAGES.emailInvalid] }],
    ["an unknown industry", { ...GOOD, industry: "space" }, { industry: [CONTACT_MESSAGES.industryInvalid] }],
    [
      "a message over 5000 characters",
      { ...GOOD, message: "x".repeat(5001) },
      { message: [CONTACT_MESSAGES.messageTooLong] },
    ],
  ])("refuses %s with field messages and stores nothing", async (_, body, errors) => {
    const res = await post().send(body).expect(400);
    expect(res.body).toEqual({ message: CONTACT_MESSAGES.invalid, errors });
    expect(await t.store.listMessages()).toHaveLength(0);
  });

  it.each([
    [
      "an oversized body",
      (r: request.Test) =>
        r.set("content-type", "application/json").send(JSON.stringify({ ...GOOD, message: "x".repeat(40_000) })),
      400,
      JSON_BODY_MESSAGES.tooLarge,
    ],
    [
      "a wrong content type",
      (r: request.Test) => r.set("content-type", "text/plain").send(JSON.stringify(GOOD)),
      415,
      JSON_BODY_MESSAGES.contentType,
    ],
    ["a form-encoded body", (r: request.Test) => r.type("form").send(GOOD), 415, JSON_BODY_MESSAGES.contentType],
    ["a multipart body", (r: request.Test) => r.field("name", "Ada"), 415, JSON_BODY_MESSAGES.contentType],
    [
      "a latin1 charset",
      (r: request.Test) => r.set("content-type", "application/json; charset=latin1").send(JSON.stringify(GOOD)),
      415,
      JSON_BODY_MESSAGES.charset,
    ],
    [
      "an unknown Content-Encoding",
      (r: request.Test) =>
        r.set("content-type", "application/json").set("content-encoding", "compress").send(JSON.stringify(GOOD)),
      415,
      JSON_BODY_MESSAGES.encoding,
    ],
    [
      "a body that is not JSON",
      (r: request.Test) => r.set("content-type", "application/json").send("{name: nope"),
      400,
      JSON_BODY_MESSAGES.malformed,
    ],
    ["a JSON array", (r: request.Test) => r.send([GOOD]), 400, CONTACT_MESSAGES.invalid],
  ])("refuses %s with a 4xx and stores nothing", async (_, send, status, message) => {
    const res = await send(post()).expect(status);
    expect(res.body.message).toBe(message);
    expect(await t.store.listMessages()).toHaveLength(0);
  });

  it("answers a filled honeypot like a success but keeps nothing", async () => {
    await post()
      .send({ ...GOOD, [HONEYPOT_FIELD]: "http://spam.example" })
      .expect(201);
    expect(await t.store.listMessages()).toHaveLength(0);
  });

  it("limits stored messages per address: the sixth in ten minutes gets 429; rejected ones do not count", async () => {
    await post().send({}).expect(400);
    for (let i = 0; i < 5; i++) await post().send(GOOD).expect(201);
    const res = await post().send(GOOD).expect(429);
    expect(res.body.message).toBe(CONTACT_MESSAGES.rateLimited);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(await t.store.listMessages()).toHaveLength(5);
  });

  it("forwards stored messages to CONTACT_WEBHOOK_URL, now the first webhook endpoint, without the sender's address", async () => {
    const received: unknown[] = [];
    const hook = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push(JSON.parse(body));
        res.end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
    const hooked = await makeTestApp({
      env: {
        CONTACT_WEBHOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
        WEBHOOK_ALLOW_PRIVATE: "true",
      },
    });
    try {
      await hooked.app.adopted;
      await request(hooked.app).post("/api/contact").send(GOOD).expect(201);
      await expect.poll(() => received.length).toBe(1);
      expect(received[0]).toMatchObject({ type: "contact-message", message: GOOD });
      expect(JSON.stringify(received[0])).not.toContain("ip");
    } finally {
      await hooked.close();
      hook.close();
    }
  });
});

describe("the contact form without JavaScript", () => {
  it("a native post comes back as the page with the success banner", async () => {
    const res = await request(t.app).post("/?index").type("form").send(GOOD).expect(200);
    expect(res.text).toContain(asHtml(CONTACT_MESSAGES.sent));
    expect(await t.store.listMessages()).toHaveLength(1);
  });

  it("a bad native post comes back with the field errors and the values kept", async () => {
    const res = await request(t.app)
      .post("/industries/retail")
      .type("form")
      .send({ ...GOOD, email: "nope", name: "" })
      .expect(400);
    expect(res.text).toContain(asHtml(CONTACT_MESSAGES.emailInvalid));
    expect(res.text).toContain(asHtml(CONTACT_MESSAGES.nameRequired));
    expect(res.text).toContain('value="nope"');
    expect(await t.store.listMessages()).toHaveLength(0);
  });

  it("a page post that is not a form gets a 415 saying so, not a 500", async () => {
    const res = await request(t.app)
      .post("/?index")
      .set("content-type", "application/json")
      .send(JSON.stringify(GOOD))
      .expect(415);
    expect(res.text).toContain(asHtml(FORM_BODY_MESSAGES.contentType));
    expect(await t.store.listMessages()).toHaveLength(0);
  });
});
