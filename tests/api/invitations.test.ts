import request from "supertest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE } from "~/server/auth/session";
import { usernameTakenMessage } from "~/server/users/user-changes";
import { ACCOUNT_LINK_MESSAGES as M, ACCOUNT_LINK_PATHS, INVITATION_TTL_MS } from "~/shared/account-links";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import { TWO_FACTOR_MESSAGES } from "~/shared/two-factor";
import { asHtml } from "../helpers/html";
import { signedIn } from "../helpers/sign-in";
import { startSmtpServer } from "../helpers/smtp-server";
import { status } from "../helpers/status";
import { makeTestApp, useTestApp } from "../helpers/test-app";

/**
 * Invitations (docs/decisions/230-invitations-and-reset-links.md): an admin invites an address with
 * a role, the invitee chooses their own username and password through the one-time link, which
 * then works no more, nor after its 7 days.
 */
const t = useTestApp();
afterEach(() => void vi.useRealTimers());

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

async function invite(cookie: string, body: object = { email: "grace@example.com", role: "editor" }) {
  const res = await request(t.app).post("/api/admin/invitations").set("Cookie", cookie).send(body).expect(status(201));
  return res.body as { id: number; link: string; emailed: boolean; expiresAt: string };
}

const accept = (body: object) => request(t.app).post("/api/auth/accept-invitation").send(body);

describe("invitations", () => {
  it("makes an account of the invited role and address once, signed in, and refuses the link after", async () => {
    const admin = await signedIn(t);
    const sent = await invite(admin.cookie);
    // No SMTP here: the admin gets the link to hand over.
    expect(sent.emailed).toBe(false);
    expect(sent.link.startsWith(`${t.config.publicUrl}${ACCOUNT_LINK_PATHS.invitation}?token=`)).toBe(true);
    const listed = await request(t.app).get("/api/admin/invitations").set("Cookie", admin.cookie).expect(200);
    expect(listed.body.invitations).toEqual([expect.objectContaining({ id: sent.id, email: "grace@example.com" })]);
    expect(JSON.stringify(listed.body)).not.toContain(tokenOf(sent.link));

    const body = { token: tokenOf(sent.link), username: "grace", password: "a long enough secret" };
    const made = await accept(body).expect(status(201));
    expect(made.body).toMatchObject({ username: "grace", role: "editor" });
    const cookie = [made.headers["set-cookie"]].flat().find((c) => c?.startsWith(`${SESSION_COOKIE}=`))!;
    const me = await request(t.app).get("/api/auth/me").set("Cookie", cookie.split(";")[0]!).expect(200);
    expect(me.body).toMatchObject({ username: "grace", role: "editor" });
    expect((await t.store.getUserByUsername("grace"))?.email).toBe("grace@example.com");

    const again = await accept({ ...body, username: "grace2" }).expect(400);
    expect(again.body.errors).toEqual({ token: [M.linkRefused] });
    const after = await request(t.app).get("/api/admin/invitations").set("Cookie", admin.cookie).expect(200);
    expect(after.body.invitations).toEqual([]);
    const log = await request(t.app).get("/api/admin/activity").set("Cookie", admin.cookie).expect(200);
    const kinds = (log.body.entries as { kind: string; what: string }[]).map((e) => [e.kind, e.what]);
    expect(kinds).toContainEqual(["invitation-send", ACTIVITY_MESSAGES.invitation("grace@example.com", "editor")]);
    expect(kinds).toContainEqual([
      "invitation-accept",
      ACTIVITY_MESSAGES.invitationAccepted("grace@example.com", "grace"),
    ]);
  });

  it("refuses a link past its 7 days", async () => {
    const admin = await signedIn(t);
    const sent = await invite(admin.cookie);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + INVITATION_TTL_MS + 1000 });
    const res = await accept({ token: tokenOf(sent.link), username: "late", password: "a long enough secret" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ token: [M.linkRefused] });
    expect(await t.store.getUserByUsername("late")).toBeUndefined();
    // The address can be invited again (by a session of these days), and the expired invitation
    // is gone with that write.
    const again = await invite((await signedIn(t)).cookie);
    expect((await t.store.listInvitations()).map((i) => i.id)).toEqual([again.id]);
  });

  it("refuses a revoked link, and says what is wrong with a bad body field by field", async () => {
    const admin = await signedIn(t);
    const bad = await request(t.app)
      .post("/api/admin/invitations")
      .set("Cookie", admin.cookie)
      .send({ email: "not an address", role: "boss" })
      .expect(400);
    expect(bad.body.errors).toEqual({ email: [M.email], role: [AUTH_FORM_MESSAGES.role] });
    const sent = await invite(admin.cookie, { email: "Ada@Example.com", role: "writer" });
    const twice = await request(t.app)
      .post("/api/admin/invitations")
      .set("Cookie", admin.cookie)
      .send({ email: "ada@example.com", role: "writer" })
      .expect(409);
    expect(twice.body.errors).toEqual({ email: [M.alreadyInvited] });

    const short = await accept({ token: tokenOf(sent.link), username: "a", password: "short" }).expect(400);
    expect(short.body.errors).toMatchObject({
      username: [AUTH_FORM_MESSAGES.username],
      password: [AUTH_FORM_MESSAGES.newPassword],
    });
    const taken = await accept({ token: tokenOf(sent.link), username: admin.user.username, password: "long enough!" });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ username: [usernameTakenMessage(admin.user.username)] });

    await request(t.app).delete(`/api/admin/invitations/${sent.id}`).set("Cookie", admin.cookie).expect(200);
    const revoked = await accept({ token: tokenOf(sent.link), username: "ada", password: "long enough!" }).expect(400);
    expect(revoked.body.errors).toEqual({ token: [M.linkRefused] });
  });

  it("is an admin's call only", async () => {
    const editor = await signedIn(t, "editor");
    await request(t.app)
      .post("/api/admin/invitations")
      .set("Cookie", editor.cookie)
      .send({ email: "x@example.com", role: "admin" })
      .expect(403);
    await request(t.app).post("/api/admin/invitations").send({ email: "x@example.com", role: "admin" }).expect(401);
  });

  it("sends a role that must use a second factor to its set-up at once", async () => {
    const admin = await signedIn(t);
    await request(t.app)
      .put("/api/admin/two-factor")
      .set("Cookie", admin.cookie)
      .send({ roles: ["editor"] })
      .expect(200);
    const sent = await invite(admin.cookie);
    const made = await accept({ token: tokenOf(sent.link), username: "grace", password: "a long enough secret" });
    expect(made.body).toMatchObject({ username: "grace", twoFactorSetupRequired: true });
    const cookie = [made.headers["set-cookie"]].flat()[0]!.split(";")[0]!;
    const refused = await request(t.app).get("/api/cms/posts").set("Cookie", cookie).expect(403);
    expect(refused.body.message).toBe(TWO_FACTOR_MESSAGES.setupRequired);
  });
});

describe("the invitation's page, without JavaScript", () => {
  it("shows the role, creates the account from the posted form and signs the invitee in, then refuses the link", async () => {
    const admin = await signedIn(t);
    const sent = await invite(admin.cookie, { email: "lin@example.com", role: "contributor" });
    // The form posts to the page's own address, the link.
    const path = new URL(sent.link).pathname + new URL(sent.link).search;
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain(asHtml(M.invitationIntro("Contributor")));
    const form = { token: tokenOf(sent.link), username: "lin", password: "lin's own secret" };
    const short = await request(t.app)
      .post(path)
      .type("form")
      .send({ ...form, confirmPassword: "something else" })
      .expect(400);
    expect(short.text).toContain(asHtml(AUTH_FORM_MESSAGES.passwordsDiffer));
    const made = await request(t.app)
      .post(path)
      .type("form")
      .send({ ...form, confirmPassword: form.password })
      .expect(303);
    expect(made.headers.location).toBe("/admin");
    const cookie = [made.headers["set-cookie"]].flat()[0]!.split(";")[0]!;
    expect((await request(t.app).get("/api/auth/me").set("Cookie", cookie).expect(200)).body).toMatchObject({
      username: "lin",
      role: "contributor",
    });
    const gone = await request(t.app).get(path).expect(410);
    expect(gone.text).toContain(asHtml(M.linkRefused));
  });
});

describe("invitations by email", () => {
  it("emails the link to the invitee when SMTP is set", async () => {
    const smtp = await startSmtpServer();
    const site = await makeTestApp({ env: { SMTP_URL: smtp.url, CONTACT_NOTIFY_TO: "sales@example.com" } });
    try {
      const admin = await signedIn(site);
      const res = await request(site.app)
        .post("/api/admin/invitations")
        .set("Cookie", admin.cookie)
        .send({ email: "grace@example.com", role: "writer" })
        .expect(status(201));
      expect(res.body.emailed).toBe(true);
      expect(smtp.received.map((m) => m.to)).toEqual([["grace@example.com"]]);
      const text = smtp.received[0]!.raw.replace(/=\r\n/g, "").replace(/=3D/g, "=");
      expect(text).toContain(res.body.link);
    } finally {
      await site.close();
      await smtp.close();
    }
  });
});
