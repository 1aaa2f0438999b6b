import request from "supertest";
import { describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "~/server/auth/auth-router";
import { SESSION_COOKIE } from "~/server/auth/session";
import { FORM_BODY_MESSAGES } from "~/server/http/form-body";
import { AUTH_MESSAGES, SIGN_IN_FIELDS } from "~/shared/auth-messages";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import { asHtml } from "../helpers/html";
import { makeUser } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

/**
 * The sign-in form posted natively, as a browser does before the page's JavaScript has run or
 * without it (docs/decisions/078-sign-in-without-javascript.md): /admin's action.
 */
const t = useTestApp({ perFile: true });

const signIn = (fields: Record<string, string>) =>
  request(t.app)
    .post("/admin")
    .type("form")
    .send({ intent: SIGN_IN_FIELDS.intent, ...fields });

describe("POST /admin, the sign-in form without JavaScript", () => {
  it("signs in: the session cookie, and a 303 back to the page the form was on", async () => {
    const { user, password } = await makeUser(t.store);
    const res = await signIn({ username: user.username, password, returnTo: "/admin/debug-tools" }).expect(303);
    expect(res.headers.location).toBe("/admin/debug-tools");
    const cookie = [res.headers["set-cookie"]].flat().find((c) => c?.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    const me = await request(t.app).get("/api/auth/me").set("Cookie", cookie!.split(";")[0]!).expect(200);
    expect(me.body.username).toBe(user.username);
  });

  it("never sends the browser to another site", async () => {
    const { user, password } = await makeUser(t.store);
    const shapes = [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "admin",
      // Paths that normalise to another host (src/shared/return-to.ts has the full list).
      "/.//evil.example",
      "/x/..//evil.example",
      "/%2e//evil.example",
      "/%2F%2Fevil.example",
      "/./\\evil.example",
      "/\t/evil.example",
    ];
    for (const returnTo of shapes) {
      const res = await signIn({ username: user.username, password, returnTo }).expect(303);
      expect(res.headers.location).toBe("/admin");
    }
  });

  it("a wrong password is the page again, with the message and the username typed", async () => {
    const { user } = await makeUser(t.store);
    const res = await signIn({ username: user.username, password: "not the password" }).expect(401);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.text).toContain(asHtml(AUTH_FORM_MESSAGES.invalidCredentials));
    expect(res.text).toContain(`value="${user.username}"`);
    expect(res.text).not.toContain("not the password");
  });

  it("field errors come from the shared schema", async () => {
    const res = await signIn({ username: "ab", password: "" }).expect(400);
    expect(res.text).toContain(asHtml(AUTH_FORM_MESSAGES.username));
    expect(res.text).toContain(asHtml(AUTH_FORM_MESSAGES.password));
  });

  it("counts against the same per-username limit as /api/auth/login", async () => {
    const { user } = await makeUser(t.store);
    for (let i = 0; i < LOGIN_LIMITS.perUsername.limit; i++) {
      await signIn({ username: user.username, password: `wrong-${i}-password` }).expect(401);
    }
    const res = await signIn({ username: user.username, password: "wrong again!" }).expect(429);
    expect(res.headers["retry-after"]).toMatch(/^\d+$/);
    expect(res.text).toContain(asHtml(AUTH_FORM_MESSAGES.tooManyAttempts));
  });

  it("refuses another site's post, a body that is not a form, and a form that is not sign-in", async () => {
    await signIn({ username: "someone", password: "secret123" }).set("Origin", "https://evil.example").expect(403);
    const json = await request(t.app).post("/admin").type("json").send({ username: "someone" }).expect(415);
    expect(json.text).toContain(asHtml(FORM_BODY_MESSAGES.contentType));
    const other = await request(t.app).post("/admin").type("form").send({ password: "secret123" }).expect(400);
    expect(other.text).toContain(asHtml(AUTH_MESSAGES.pageNotReady));
  });

  it("the form on every page that shows it posts to /admin, not to its own address", async () => {
    for (const path of ["/admin", "/admin/debug-tools", "/delete-posts"]) {
      const page = await request(t.app).get(path).expect(200);
      const form = /<form[^>]*aria-label="Sign in"[^>]*>/.exec(page.text)?.[0];
      expect(form).toContain('action="/admin" method="post"');
      expect(page.text).toContain(`name="${SIGN_IN_FIELDS.returnTo}" value="${path}"`);
    }
  });
});
