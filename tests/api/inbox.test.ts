import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { JSON_BODY_MESSAGES } from "~/server/http/json-body";
import { csvCell } from "~/server/http/csv";
import { INBOX_MESSAGES, INBOX_PAGE_SIZE } from "~/shared/inbox";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

let t: Awaited<ReturnType<typeof makeTestApp>>;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const add = (over: Partial<{ name: string; email: string; company: string; industry: string; message: string }> = {}) =>
  t.store.addMessage({
    name: "Ada Lovelace",
    email: "ada@example.com",
    message: "We queue at our clinics.",
    ip: "127.0.0.1",
    ...over,
  });

async function as(role: "admin" | "writer") {
  return (await signedIn(t, role)).cookie;
}

describe("GET /api/admin/messages", () => {
  it("lists messages newest first with counts, without the sender's IP address", async () => {
    await add({ name: "First" });
    await add({ name: "Second", company: "Acme", industry: "retail" });
    const res = await request(t.app)
      .get("/api/admin/messages")
      .set("Cookie", await as("admin"))
      .expect(200);
    expect(res.body.messages.map((m: { name: string }) => m.name)).toEqual(["Second", "First"]);
    expect(res.body.messages[0]).toMatchObject({ company: "Acme", industry: "retail", read: false, archived: false });
    expect(res.body.messages[0]).not.toHaveProperty("ip");
    expect(res.body).toMatchObject({
      page: 1,
      pageCount: 1,
      total: 2,
      counts: { unread: 2, inbox: 2, archived: 0, all: 2 },
    });
  });

  it("filters by status, search text and industry, and pages by 25", async () => {
    for (let i = 0; i < INBOX_PAGE_SIZE + 2; i++) await add({ name: `Lead ${i}` });
    const match = await add({
      name: "Grace",
      company: "Navy Yard",
      industry: "government",
      message: "Lines at the base",
    });
    await t.store.updateMessage(match.id, { read: true });
    const cookie = await as("admin");
    const get = (q: string) => request(t.app).get(`/api/admin/messages?${q}`).set("Cookie", cookie).expect(200);

    const first = await get("");
    expect(first.body.messages).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.body.pageCount).toBe(2);
    expect((await get("page=2")).body.messages).toHaveLength(3);
    expect((await get("status=read")).body.messages.map((m: { id: number }) => m.id)).toEqual([match.id]);
    expect((await get("status=unread")).body.total).toBe(INBOX_PAGE_SIZE + 2);
    for (const q of ["q=navy", "q=GRACE", "q=lines%20at", "industry=government"]) {
      expect((await get(q)).body.messages.map((m: { id: number }) => m.id)).toEqual([match.id]);
    }
    await t.store.updateMessage(match.id, { archived: true });
    expect((await get("status=archived")).body.total).toBe(1);
    expect((await get("status=inbox")).body.total).toBe(INBOX_PAGE_SIZE + 2);
    expect((await get("status=all")).body.total).toBe(INBOX_PAGE_SIZE + 3);
  });

  it.each([
    ["status=spam", INBOX_MESSAGES.invalidStatus],
    ["page=0", INBOX_MESSAGES.invalidPage],
    ["page=two", INBOX_MESSAGES.invalidPage],
    ["industry=Not%20an%20id", INBOX_MESSAGES.invalidIndustry],
    [`q=${"x".repeat(201)}`, INBOX_MESSAGES.invalidQuery],
  ])("answers 400 for %s", async (q, message) => {
    const res = await request(t.app)
      .get(`/api/admin/messages?${q}`)
      .set("Cookie", await as("admin"))
      .expect(400);
    expect(res.body.message).toBe(message);
  });

  it("is closed to visitors (401) and to writers (403) until an admin lets writers in", async () => {
    await add();
    await request(t.app).get("/api/admin/messages").expect(401);
    const writer = await as("writer");
    const refused = await request(t.app).get("/api/admin/messages").set("Cookie", writer).expect(403);
    expect(refused.body.message).toBe(INBOX_MESSAGES.writersNotAllowed);
    await request(t.app).get("/api/admin/messages.csv").set("Cookie", writer).expect(403);

    await request(t.app)
      .patch("/api/admin/settings")
      .set("Cookie", await as("admin"))
      .send({ writersSeeInbox: true })
      .expect(200, { writersSeeInbox: true });
    expect((await request(t.app).get("/api/admin/messages").set("Cookie", writer).expect(200)).body.total).toBe(1);
  });
});

describe("PATCH /api/admin/messages/{id}", () => {
  it("marks read, unread, archived and back", async () => {
    const m = await add();
    const cookie = await as("admin");
    const patch = (body: object) =>
      request(t.app).patch(`/api/admin/messages/${m.id}`).set("Cookie", cookie).send(body);
    expect((await patch({ read: true }).expect(200)).body).toMatchObject({ id: m.id, read: true, archived: false });
    expect((await patch({ archived: true, read: false }).expect(200)).body).toMatchObject({
      read: false,
      archived: true,
    });
    expect(await t.store.getMessage(m.id)).toMatchObject({
      read: false,
      archived: true,
      name: m.name,
      message: m.message,
    });
  });

  it.each([
    ["an empty body", {}],
    ["a field that is not true or false", { read: "yes" }],
    ["an unknown field", { name: "Mallory" }],
    ["a JSON array", [true]],
  ])("refuses %s with 400 and changes nothing", async (_, body) => {
    const m = await add();
    const res = await request(t.app)
      .patch(`/api/admin/messages/${m.id}`)
      .set("Cookie", await as("admin"))
      .send(body)
      .expect(400);
    expect(res.body.message).toBe(INBOX_MESSAGES.invalidPatch);
    expect(await t.store.getMessage(m.id)).toEqual(m);
  });

  it("answers 400 for a bad id, 404 for a missing one, 415 for a body that is not JSON", async () => {
    const cookie = await as("admin");
    const bad = await request(t.app)
      .patch("/api/admin/messages/abc")
      .set("Cookie", cookie)
      .send({ read: true })
      .expect(400);
    expect(bad.body.message).toBe(INBOX_MESSAGES.invalidId);
    const missing = await request(t.app)
      .patch("/api/admin/messages/999")
      .set("Cookie", cookie)
      .send({ read: true })
      .expect(404);
    expect(missing.body.message).toBe(INBOX_MESSAGES.notFound(999));
    const text = await request(t.app)
      .patch("/api/admin/messages/1")
      .set("Cookie", cookie)
      .set("content-type", "text/plain")
      .send("read")
      .expect(415);
    expect(text.body.message).toBe(JSON_BODY_MESSAGES.contentType);
  });

  it("refuses cross-site writes (403), visitors (401) and writers kept out (403)", async () => {
    const m = await add();
    const admin = await as("admin");
    const cross = await request(t.app)
      .patch(`/api/admin/messages/${m.id}`)
      .set("Cookie", admin)
      .set("Origin", "https://evil.example")
      .send({ read: true })
      .expect(403);
    expect(cross.body.message).toBe(AUTH_MESSAGES.crossOrigin);
    await request(t.app)
      .patch(`/api/admin/messages/${m.id}`)
      .set("Cookie", admin)
      .set("Sec-Fetch-Site", "cross-site")
      .send({ read: true })
      .expect(403);
    await request(t.app).patch(`/api/admin/messages/${m.id}`).send({ read: true }).expect(401);
    await request(t.app)
      .patch(`/api/admin/messages/${m.id}`)
      .set("Cookie", await as("writer"))
      .send({ read: true })
      .expect(403);
    expect((await t.store.getMessage(m.id))?.read).toBeUndefined();
  });
});

describe("DELETE /api/admin/messages/{id}", () => {
  it("removes the message for an admin; a writer, even one let in, gets 403", async () => {
    const m = await add();
    await t.store.updateSettings({ writersSeeInbox: true });
    const writer = await request(t.app)
      .delete(`/api/admin/messages/${m.id}`)
      .set("Cookie", await as("writer"))
      .expect(403);
    expect(writer.body.message).toBe(AUTH_MESSAGES.adminsOnly);
    const admin = await as("admin");
    await request(t.app)
      .delete(`/api/admin/messages/${m.id}`)
      .set("Cookie", admin)
      .set("Origin", "https://evil.example")
      .expect(403);
    await request(t.app)
      .delete(`/api/admin/messages/${m.id}`)
      .set("Cookie", admin)
      .expect(200, { success: true, id: m.id });
    expect(await t.store.listMessages()).toEqual([]);
    await request(t.app).delete(`/api/admin/messages/${m.id}`).set("Cookie", admin).expect(404);
    await request(t.app).delete("/api/admin/messages/-1").set("Cookie", admin).expect(400);
  });
});

describe("GET /api/admin/messages.csv", () => {
  it("exports the matching messages as CSV, formulas escaped", async () => {
    await add({ name: '=HYPERLINK("http://evil.example")', company: "+Acme", message: '-1 line\nsecond, "quoted"' });
    await add({ name: "@SUM(A1)", email: "x@example.com", industry: "retail" });
    const res = await request(t.app)
      .get("/api/admin/messages.csv")
      .set("Cookie", await as("admin"))
      .expect(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="?contact-messages-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    const lines = res.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "id,received,name,email,company,industry,message,read,archived,email status,landing_page,referrer,utm_source,utm_medium,utm_campaign",
    );
    expect(lines[1]).toMatch(
      /^2,[^,]+,"'@SUM\(A1\)",x@example\.com,,Retail & Support,We queue at our clinics\.,no,no,,,,,,$/,
    );
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[2]).toContain(`"'+Acme"`);
    expect(res.text).toContain(`"'-1 line\nsecond, ""quoted"""`);
    // Search narrows the export as it narrows the list.
    const narrowed = await request(t.app)
      .get("/api/admin/messages.csv?q=acme")
      .set("Cookie", await as("admin"))
      .expect(200);
    expect(narrowed.text.trim().split("\r\n")).toHaveLength(2);
  });

  it("escapes every formula lead character and leaves plain text unquoted", () => {
    for (const lead of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${lead}1`)).toBe(`"'${lead}1"`);
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
  });

  it("needs a signed-in user", async () => {
    await request(t.app).get("/api/admin/messages.csv").expect(401);
  });
});

describe("/api/admin/settings", () => {
  it("reads and changes the settings for admins only, same origin, with a 400 for bad input", async () => {
    const admin = await as("admin");
    await request(t.app).get("/api/admin/settings").set("Cookie", admin).expect(200, { writersSeeInbox: false });
    await request(t.app)
      .get("/api/admin/settings")
      .set("Cookie", await as("writer"))
      .expect(403);
    await request(t.app).patch("/api/admin/settings").set("Cookie", admin).send({ writersSeeInbox: "yes" }).expect(400);
    await request(t.app).patch("/api/admin/settings").set("Cookie", admin).send({ other: true }).expect(400);
    await request(t.app)
      .patch("/api/admin/settings")
      .set("Cookie", admin)
      .set("Origin", "https://evil.example")
      .send({ writersSeeInbox: true })
      .expect(403);
    expect(await t.store.getSettings()).toEqual({ writersSeeInbox: false });
  });
});
