import request from "supertest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACCOUNT_LINK_MESSAGES as M,
  ACCOUNT_LINK_PATHS,
  FORGOT_LIMITS,
  PASSWORD_SET_PARAM,
  RESET_TTL_MS,
} from "~/shared/account-links";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import { asHtml } from "../helpers/html";
import { makeUser, sessionCookie, signedIn } from "../helpers/sign-in";
import { startSmtpServer } from "../helpers/smtp-server";
import { status } from "../helpers/status";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/**
 * "Forgot your password?" (docs/decisions/230-invitations-and-reset-links.md): one answer whatever
 * the address, a one-time link by email valid one hour, kept as a hash; using it sets the
 * password and ends every session of the user.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeEach(async () => {
  smtp = await startSmtpServer();
  t = await makeTestApp({ env: { SMTP_URL: smtp.url, CONTACT_NOTIFY_TO: "sales@example.com" } });
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
  await smtp.close();
});

const forgot = (email: string) => request(t.app).post("/api/auth/forgot").send({ email });
const reset = (body: object) => request(t.app).post("/api/auth/reset").send(body);

/** A user with an address, and the Cookie of a session of theirs. */
async function userWithEmail(email = "ada@example.com") {
  const { user, password } = await makeUser(t.store);
  await t.store.updateUser(user.id, { email });
  return { user, password, cookie: await sessionCookie(t, user.id) };
}

/** The reset link of the `count`th email, read from the message as sent (quoted-printable undone). */
async function linkInMail(count: number) {
  await smtp.waitFor(count);
  const text = smtp.received[count - 1]!.raw.replace(/=\r\n/g, "").replace(/=3D/g, "=");
  const link = new RegExp(`https?://\\S+${ACCOUNT_LINK_PATHS.reset}\\?token=[\\w-]+`).exec(text)?.[0];
  expect(link).toBeDefined();
  return { link: link!, token: new URL(link!).searchParams.get("token")! };
}

describe("forgot and reset", () => {
  it("answers 202 alike for a known and an unknown address, and emails only the known one", async () => {
    const { user } = await userWithEmail();
    const known = await forgot("ADA@example.com").expect(202);
    const unknown = await forgot("nobody@example.com").expect(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: M.forgotSent });
    await smtp.waitFor(1);
    expect(smtp.received.map((m) => m.to)).toEqual([["ada@example.com"]]);
    const { token } = await linkInMail(1);
    // Only the token's hash is kept.
    const stored = await t.store.getUserById(user.id);
    expect(stored?.passwordReset?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("sets the password once, ends every session of the user, and refuses the link the second time", async () => {
    const { user, password, cookie } = await userWithEmail();
    const other = await sessionCookie(t, user.id);
    await forgot("ada@example.com").expect(202);
    const { token } = await linkInMail(1);

    await reset({ token, password: "a brand new secret" }).expect(status(200));
    await request(t.app).get("/api/auth/me").set("Cookie", cookie).expect(401);
    await request(t.app).get("/api/auth/me").set("Cookie", other).expect(401);
    await request(t.app).post("/api/auth/login").send({ username: user.username, password }).expect(401);
    await request(t.app)
      .post("/api/auth/login")
      .send({ username: user.username, password: "a brand new secret" })
      .expect(200);

    for (const again of ["a third secret!", "a fourth secret"]) {
      const refused = await reset({ token, password: again }).expect(400);
      expect(refused.body.errors).toEqual({ token: [M.linkRefused] });
    }
    const admin = await signedIn(t);
    const log = await request(t.app).get("/api/admin/activity").set("Cookie", admin.cookie).expect(200);
    expect(log.body.entries).toContainEqual(
      expect.objectContaining({
        kind: "password-reset",
        what: ACTIVITY_MESSAGES.user(user.username, ACTIVITY_MESSAGES.userChanges.resetByLink),
      }),
    );
  });

  it("refuses a link past its hour, and an earlier link once a new one is sent", async () => {
    await userWithEmail();
    await forgot("ada@example.com").expect(202);
    const first = await linkInMail(1);
    await forgot("ada@example.com").expect(202);
    const second = await linkInMail(2);
    await reset({ token: first.token, password: "a brand new secret" }).expect(400);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + RESET_TTL_MS + 1000 });
    const late = await reset({ token: second.token, password: "a brand new secret" }).expect(400);
    expect(late.body.errors).toEqual({ token: [M.linkRefused] });
  });

  it("limits the requests per address, known or not", async () => {
    for (let i = 0; i < FORGOT_LIMITS.perEmail.limit; i++) await forgot("nobody@example.com").expect(202);
    const limited = await forgot("nobody@example.com").expect(429);
    expect(limited.body.message).toBe(M.tooManyRequests);
    expect(limited.headers["retry-after"]).toBeDefined();
    // Another address is still answered, up to the client's own limit.
    await forgot("someone@example.com").expect(202);
  });

  it("limits the requests per client address", async () => {
    for (let i = 0; i < FORGOT_LIMITS.perIp.limit; i++) await forgot(`n${i}@example.com`).expect(202);
    await forgot("another@example.com").expect(429);
  });

  it("answers a bad body with field messages", async () => {
    const bad = await forgot("not an address").expect(400);
    expect(bad.body.errors).toEqual({ email: [M.email] });
    const weak = await reset({ token: "", password: "short" }).expect(400);
    expect(weak.body.errors).toEqual({ token: [M.linkRefused], password: [AUTH_FORM_MESSAGES.newPassword] });
  });

  it("lets an admin send a reset link instead of typing a password, and an address be set and kept unique", async () => {
    const admin = await signedIn(t);
    const { user } = await makeUser(t.store);
    const noEmail = await request(t.app)
      .post(`/api/admin/users/${user.id}/reset-link`)
      .set("Cookie", admin.cookie)
      .expect(409);
    expect(noEmail.body.errors).toEqual({ email: [M.noEmail(user.username)] });
    await request(t.app)
      .patch(`/api/admin/users/${user.id}`)
      .set("Cookie", admin.cookie)
      .send({ email: "lin@example.com" })
      .expect(200);
    const taken = await request(t.app)
      .patch("/api/cms/profile")
      .set("Cookie", admin.cookie)
      .send({ email: "LIN@example.com" })
      .expect(409);
    expect(taken.body.errors).toEqual({ email: [M.emailTaken] });
    const sent = await request(t.app)
      .post(`/api/admin/users/${user.id}/reset-link`)
      .set("Cookie", admin.cookie)
      .expect(200);
    expect(sent.body).toEqual({ emailed: true });
    const { token } = await linkInMail(1);
    await reset({ token, password: "chosen by Lin" }).expect(200);
  });
});

describe("the forgot and reset pages, without JavaScript", () => {
  it("send the link from the posted address and set the password from the posted form once", async () => {
    const { user } = await userWithEmail();
    const asked = await request(t.app).post(ACCOUNT_LINK_PATHS.forgot).type("form").send({ email: "ada@example.com" });
    expect(asked.status).toBe(202);
    expect(asked.text).toContain(asHtml(M.forgotSent));
    const { link, token } = await linkInMail(1);
    const path = new URL(link).pathname + new URL(link).search;
    await request(t.app).get(path).expect(200);
    const form = { token, password: "typed in the page", confirmPassword: "typed in the page" };
    const done = await request(t.app).post(path).type("form").send(form).expect(303);
    expect(done.headers.location).toBe(`/admin?${PASSWORD_SET_PARAM}=1`);
    const signIn = await request(t.app)
      .get(done.headers.location as string)
      .expect(200);
    expect(signIn.text).toContain(asHtml(M.resetDone));
    await request(t.app)
      .post("/api/auth/login")
      .send({ username: user.username, password: "typed in the page" })
      .expect(200);
    const again = await request(t.app).post(path).type("form").send(form).expect(400);
    expect(again.text).toContain(asHtml(M.linkRefused));
  });

  it("the sign-in form links to it", async () => {
    const page = await request(t.app).get("/admin").expect(200);
    expect(page.text).toContain(`href="${ACCOUNT_LINK_PATHS.forgot}"`);
    expect(page.text).toContain(asHtml(M.forgotLink));
  });
});

describe("reset links without SMTP", () => {
  it("shows the admin the link to hand over", async () => {
    const site = await makeTestApp();
    try {
      const admin = await signedIn(site);
      const { user } = await makeUser(site.store);
      const sent = await request(site.app)
        .post(`/api/admin/users/${user.id}/reset-link`)
        .set("Cookie", admin.cookie)
        .expect(200);
      expect(sent.body.emailed).toBe(false);
      const token = new URL(sent.body.link as string).searchParams.get("token");
      await request(site.app).post("/api/auth/reset").send({ token, password: "chosen by them" }).expect(200);
    } finally {
      await site.close();
    }
  });
});
