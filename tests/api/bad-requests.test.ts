import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_BODY_MESSAGES } from "~/server/http/json-body";
import { API_METHODS, PAGE_METHODS, REQUEST_MESSAGES } from "~/server/http/request-guards";
import { FORM_BODY_MESSAGES } from "~/server/http/form-body";
import { makeTestApp } from "../helpers/test-app";

/** Each way the attack run found to reach a 500, answered with its 4xx instead. */
let t: Awaited<ReturnType<typeof makeTestApp>>;
beforeAll(async () => {
  t = await makeTestApp({ seed: true });
});
afterAll(() => t.close());

describe("requests that cannot be understood", () => {
  it.each(["/api/public/blog/posts/%ff", "/api/debug/backups/%ff", "/blog/%ff", "/industries/%E0%A4%A"])(
    "a malformed percent-escape in %s is a 400",
    async (path) => {
      const res = await request(t.app).get(path).expect(400);
      expect(res.body).toEqual({ message: REQUEST_MESSAGES.malformedPath });
    },
  );

  it.each([
    ["TRACE", "/", PAGE_METHODS],
    ["PUT", "/industries", PAGE_METHODS],
    ["PROPFIND", "/blog", PAGE_METHODS],
    ["TRACE", "/api/public/blog/posts", API_METHODS],
    // PATCH is an /api method (/api/admin/users, messages, tags), so another one stands in here.
    ["MKCOL", "/api/cms/posts", API_METHODS],
  ])("%s %s is a 405 with Allow", async (method, path, allowed) => {
    // supertest has a function per method name, in lower case.
    const res = await request(t.app)[method.toLowerCase() as "get"](path).expect(405);
    expect(res.headers.allow).toBe(allowed.join(", "));
    expect(res.body).toEqual({ message: REQUEST_MESSAGES.methodNotAllowed(method) });
  });

  it.each(["a b", "a/b", "[::1", "a:x"])("Host: %s is a 400 on pages and /api alike", async (host) => {
    for (const path of ["/admin", "/api/auth/me"]) {
      const res = await request(t.app).get(path).set("Host", host).expect(400);
      expect(res.body).toEqual({ message: REQUEST_MESSAGES.badHost });
    }
  });

  it("PATCH reaches the /api routers (the admin's user and inbox changes use it)", async () => {
    await request(t.app).patch("/api/admin/users/1").send({ role: "writer" }).expect(401);
  });

  it("a POST to a page without a form is React Router's 405, not a logged error", async () => {
    await request(t.app).post("/blog").type("form").send("a=b").expect(405);
  });
});

describe("bodies in a form the endpoint does not take", () => {
  const login = () => request(t.app).post("/api/auth/login");

  it.each([
    ["a latin1 charset", "application/json; charset=latin1", undefined, JSON_BODY_MESSAGES.charset],
    ["an unknown charset", "application/json; charset=klingon", undefined, JSON_BODY_MESSAGES.charset],
    ["an unknown Content-Encoding", "application/json", "compress", JSON_BODY_MESSAGES.encoding],
    ["multipart", "multipart/form-data; boundary=x", undefined, JSON_BODY_MESSAGES.contentType],
  ])("anonymous login with %s is a 415", async (_, type, encoding, message) => {
    const req = login().set("Content-Type", type);
    if (encoding) req.set("Content-Encoding", encoding);
    const res = await req.send('{"username":"someone","password":"secret123"}').expect(415);
    expect(res.body).toEqual({ message });
  });

  it("a gzip body that is not gzip is a 400", async () => {
    await login().set("Content-Type", "application/json").set("Content-Encoding", "gzip").send("not gzip").expect(400);
  });

  it("the contact form's page action refuses a JSON body with 415 and a broken multipart body with 400", async () => {
    const json = await request(t.app).post("/industries").set("Content-Type", "application/json").send("{}");
    expect(json.status).toBe(415);
    expect(json.text).toContain(FORM_BODY_MESSAGES.contentType);
    const broken = await request(t.app)
      .post("/industries")
      .set("Content-Type", "multipart/form-data; boundary=x")
      .send("--x\r\nbroken");
    expect(broken.status).toBe(400);
    expect(broken.text).toContain(FORM_BODY_MESSAGES.unreadable);
  });

  it("a page form posted from another site is a 403", async () => {
    await request(t.app)
      .post("/industries")
      .set("Origin", "https://evil.example")
      .type("form")
      .send("name=a")
      .expect(403);
  });
});
