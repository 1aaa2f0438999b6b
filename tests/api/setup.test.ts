import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { FORM_BODY_MESSAGES } from "~/server/http/form-body";
import { asHtml } from "../helpers/html";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import { SETUP_MESSAGES } from "~/shared/setup";
import { makeUser } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

let t: Awaited<ReturnType<typeof makeTestApp>>;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const submit = (token: string, fields: Record<string, string>) =>
  request(t.app)
    .post(`/admin/setup?token=${token}`)
    .type("form")
    .send({ token, ...fields });
const GOOD = { username: "ada", password: "a long password", confirmPassword: "a long password" };

describe("/admin/setup", () => {
  it("a post with no body or one that is not a form is a 4xx with the reason, before and after setup", async () => {
    const link = await t.app.setup.issueLink("http://localhost:3000");
    const path = `/admin/setup?token=${tokenOf(link!)}`;
    const refusals = async () => {
      const none = await request(t.app).post(path).expect(415);
      expect(none.text).toContain(asHtml(FORM_BODY_MESSAGES.contentType));
      await request(t.app).post(path).type("json").send({ token: "x" }).expect(415);
      await request(t.app).post(path).type("text").send("token=x").expect(415);
      const broken = await request(t.app).post(path).type("multipart/form-data; boundary=x").send("--x\r\nbroken");
      expect(broken.status).toBe(400);
      expect(broken.text).toContain(asHtml(FORM_BODY_MESSAGES.unreadable));
    };
    await refusals();
    await makeUser(t.store);
    await refusals();
  });

  it("without a token says how to get one: the restart, the CLI and the environment variables", async () => {
    const res = await request(t.app).get("/admin/setup").expect(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    for (const text of [SETUP_MESSAGES.missingToken, SETUP_MESSAGES.howToGetOne, SETUP_MESSAGES.cliCommand])
      expect(res.text).toContain(asHtml(text));
    expect((await request(t.app).get("/admin/setup?token=guess").expect(200)).text).toContain(
      asHtml(SETUP_MESSAGES.badToken),
    );
  });

  it("with the printed token creates the first admin once, then is a 404", async () => {
    const link = await t.app.setup.issueLink("http://localhost:3000");
    expect(link).toMatch(/^http:\/\/localhost:3000\/admin\/setup\?token=[\w-]{32}$/);
    const token = tokenOf(link!);
    expect((await request(t.app).get(`/admin/setup?token=${token}`).expect(200)).text).toContain(
      asHtml(SETUP_MESSAGES.submit),
    );

    const res = await submit(token, GOOD).expect(302);
    expect(res.headers.location).toBe("/admin?setup=1");
    const user = await t.store.getUserByUsername("ada");
    expect(user).toMatchObject({ username: "ada", role: "admin" });
    expect(user!.passwordHash).not.toContain(GOOD.password);

    await request(t.app).get(`/admin/setup?token=${token}`).expect(404);
    await request(t.app).get("/admin/setup").expect(404);
    await submit(token, { ...GOOD, username: "mallory" }).expect(404);
    expect(await t.store.countUsers()).toBe(1);
    // Signing in works with the new account.
    await request(t.app).post("/api/auth/login").send({ username: "ada", password: GOOD.password }).expect(200);
    // Two real scrypt hashes at the production cost (create, then sign in): slow on a busy machine.
  }, 30_000);

  it("refuses bad input with the field's message and keeps the token for a corrected try", async () => {
    const token = tokenOf((await t.app.setup.issueLink("http://localhost"))!);
    const differ = await submit(token, { ...GOOD, confirmPassword: "another password" }).expect(400);
    expect(differ.text).toContain(asHtml(AUTH_FORM_MESSAGES.passwordsDiffer));
    const short = await submit(token, { ...GOOD, password: "short", confirmPassword: "short" }).expect(400);
    expect(short.text).toContain(asHtml(AUTH_FORM_MESSAGES.newPassword));
    await submit(token, { ...GOOD, username: "no spaces" }).expect(400);
    expect(await t.store.countUsers()).toBe(0);
    await submit(token, GOOD).expect(302);
  }, 30_000);

  it("refuses a missing or wrong token (403) and a post from another site (403)", async () => {
    const token = tokenOf((await t.app.setup.issueLink("http://localhost"))!);
    expect((await submit("wrong", GOOD).expect(403)).text).toContain(asHtml(SETUP_MESSAGES.badToken));
    await request(t.app).post("/admin/setup").type("form").send(GOOD).expect(403);
    const cross = await submit(token, GOOD).set("Sec-Fetch-Site", "cross-site").expect(403);
    expect(cross.text).toContain(asHtml(AUTH_MESSAGES.crossOrigin));
    expect(await t.store.countUsers()).toBe(0);
  });

  it("issues no link once a user exists (the CLI or ADMIN_USERNAME made one)", async () => {
    await makeUser(t.store);
    expect(await t.app.setup.issueLink("http://localhost")).toBeUndefined();
    await request(t.app).get("/admin/setup?token=anything").expect(404);
  });
});
