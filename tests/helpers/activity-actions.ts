import { Secret, TOTP as Totp } from "otpauth";
import request from "supertest";
import { expect, vi } from "vitest";
import type { MediaService } from "~/server/media/media-service";
import { makeImage } from "./images";
import { makePostInput } from "./factories";
import { makeUser } from "./sign-in";
import { softwarePasskey } from "./software-authenticator";
import { CHALLENGE_COOKIE } from "~/server/auth/passkey-challenges";
import { status } from "./status";
import type { Store } from "~/server/records/store";

type Site = {
  app: Parameters<typeof request>[0] & { mediaAdmin: MediaService };
  store: Store;
  config: { publicUrl: string };
};

let users = 0;

/**
 * One action of each kind the activity log records, through the HTTP calls the admin pages make,
 * as the admin whose cookie is given, each from `client` through one trusted proxy. Each call
 * goes to the next of `sites` in turn (several instances on one database).
 */
export async function doEachActivityKind(sites: Site[], adminCookie: string, client: string) {
  let turn = 0;
  const next = () => request(sites[turn++ % sites.length]!.app);
  const from = (req: request.Test) => req.set("X-Forwarded-For", client);
  const as = (req: request.Test) => from(req).set("Cookie", adminCookie);
  // A contributor signs in, so the same person can submit a draft for review below.
  const { user: writer, password } = await makeUser(sites[0]!.store, { role: "contributor" });
  const signIn = await from(next().post("/api/auth/login"))
    .send({ username: writer.username, password })
    .expect(status(200));
  const asWriter = (req: request.Test) => from(req).set("Cookie", signIn.headers["set-cookie"]![0]!.split(";")[0]!);
  const wrong = { username: writer.username, password: "not the password" };
  await from(next().post("/api/auth/login")).send(wrong).expect(status(401));
  const post = (await as(next().post("/api/cms/simple-create-post")).send(makePostInput()).expect(status(201)))
    .body as {
    id: number;
    title: string;
  };
  await as(next().put(`/api/cms/update-post/${post.id}`))
    .send({ published: false })
    .expect(status(200));
  // A preview link shared and revoked (docs/decisions/181-shared-preview-links.md).
  await as(next().post(`/api/cms/posts/${post.id}/preview-links`)).expect(status(201));
  await as(next().delete(`/api/cms/posts/${post.id}/preview-links`)).expect(status(200));
  // An API token made and revoked (docs/decisions/215-api-tokens.md).
  const token = (
    await as(next().post("/api/account/tokens"))
      .send({ name: "Activity", scopes: ["content:read"] })
      .expect(status(201))
  ).body as { id: number };
  await as(next().delete(`/api/account/tokens/${token.id}`)).expect(status(200));
  // Two-factor sign-in turned on and off by the contributor, a new set-up reset by the admin, and
  // the roles that must use it (docs/decisions/220-two-factor-secrets-in-the-user-record.md).
  const setUp = async () =>
    ((await asWriter(next().post("/api/account/totp/setup")).expect(status(200))).body as { secret: string }).secret;
  const secret = await setUp();
  await asWriter(next().post("/api/account/totp/enable"))
    .send({ code: Totp.generate({ secret: Secret.fromBase32(secret) }) })
    .expect(status(200));
  await asWriter(next().delete("/api/account/totp")).send({ password }).expect(status(200));
  await setUp();
  await as(next().delete(`/api/admin/users/${writer.id}/totp`)).expect(status(200));
  await as(next().put("/api/admin/two-factor")).send({ roles: [] }).expect(status(200));
  // A passkey added and removed by the admin (docs/decisions/240-passkeys-in-the-user-record.md).
  const options = await as(next().post("/api/account/passkeys/options")).expect(status(200));
  const challenge = [options.headers["set-cookie"]].flat().find((c) => c?.startsWith(`${CHALLENGE_COOKIE}=`));
  const passkey = softwarePasskey({ origin: new URL(sites[0]!.config.publicUrl).origin });
  const added = (
    await from(next().post("/api/account/passkeys"))
      .set("Cookie", `${adminCookie}; ${challenge!.split(";")[0]!}`)
      .send({ name: "Activity", response: passkey.register(options.body) })
      .expect(status(201))
  ).body as { id: number };
  await as(next().delete(`/api/account/passkeys/${added.id}`)).expect(status(200));
  // A webhook endpoint added and removed (docs/decisions/225-signed-webhooks-through-the-outbox.md).
  const hook = (
    await as(next().post("/api/admin/webhooks"))
      .send({ url: "https://hooks.example.com/activity", events: ["post.published"] })
      .expect(status(201))
  ).body as { id: number };
  await as(next().delete(`/api/admin/webhooks/${hook.id}`)).expect(status(200));
  // Newsletter readers imported, and one of them deleted
  // (docs/decisions/261-subscribers-imported-with-their-consent.md).
  await as(next().post("/api/admin/subscribers/import"))
    .field("consent", "Sign-up sheet at the trade fair")
    .attach("file", Buffer.from("email\nactivity-reader@example.com\n"), { filename: "readers.csv" })
    .expect(status(200));
  // Read on the first site once the import reaches it (PostgreSQL's NOTIFY, with several instances).
  const imported = await vi.waitFor(
    async () => {
      const found = (await sites[0]!.store.listSubscribers()).find((s) => s.email === "activity-reader@example.com");
      expect(found).toBeDefined();
      return found!;
    },
    { timeout: 10_000 },
  );
  await as(request(sites[0]!.app).delete(`/api/admin/subscribers/${imported.id}`)).expect(status(200));
  await as(next().post("/api/debug/backup-posts")).expect(status(200));
  await as(next().post(`/api/cms/delete-post/${post.id}`)).expect(status(200));
  await as(next().post("/api/debug/restore-posts")).expect(status(200));
  // After the backup, so the restore above finds every post it holds missing.
  const draft = (
    await asWriter(next().post("/api/cms/simple-create-post"))
      .send(makePostInput({ published: false }))
      .expect(status(201))
  ).body as { id: number };
  await asWriter(next().post(`/api/cms/posts/${draft.id}/submit`)).expect(status(200));
  await as(next().post(`/api/cms/posts/${draft.id}/return`))
    .send({ note: "Shorter, please." })
    .expect(status(200));
  // Another instance reads a write once PostgreSQL's NOTIFY reaches it: the purge must find the
  // restored post, written before the draft.
  const purging = sites[turn % sites.length]!.store;
  await vi.waitFor(async () => expect((await purging.listPosts()).map((p) => p.id)).toContain(draft.id), {
    timeout: 10_000,
  });
  await as(next().post("/api/debug/purge-all-posts")).expect(status(200));
  const newUser = { username: `new-writer-${++users}`, password: "a long enough secret", role: "writer" };
  const user = (await as(next().post("/api/admin/users")).send(newUser).expect(status(201))).body as {
    id: number;
    username: string;
  };
  await as(next().patch(`/api/admin/users/${user.id}`))
    .send({ role: "admin" })
    .expect(status(200));
  // An invitation sent and accepted, another revoked, and a reset link sent and used
  // (docs/decisions/230-invitations-and-reset-links.md); each link on the site that made it.
  const first = request(sites[0]!.app);
  const invited = (
    await as(first.post("/api/admin/invitations"))
      .send({ email: `invited-${++users}@example.com`, role: "writer" })
      .expect(status(201))
  ).body as { link: string };
  const tokenOf = (link: string) => new URL(link).searchParams.get("token");
  const invitee = await from(request(sites[0]!.app).post("/api/auth/accept-invitation"))
    .send({ token: tokenOf(invited.link), username: `invited-${users}`, password: "a long enough secret" })
    .expect(status(201));
  const unsent = await sites[0]!.store.addInvitation({
    ...{ email: `revoked-${users}@example.com`, role: "writer", tokenHash: `revoked-${users}` },
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  });
  await as(next().delete(`/api/admin/invitations/${unsent.id}`)).expect(status(200));
  const resetLink = (
    await as(request(sites[0]!.app).post(`/api/admin/users/${user.id}/reset-link`)).expect(status(200))
  ).body as { link: string };
  await from(request(sites[0]!.app).post("/api/auth/reset"))
    .send({ token: tokenOf(resetLink.link), password: "chosen by the user" })
    .expect(status(200));
  // An upload nothing uses, removed as the hourly sweep would a day later, here on the caller's
  // behalf; both on the first site, whose list of images has it at once.
  await as(request(sites[0]!.app).post("/api/cms/uploads"))
    .attach("file", await makeImage(12, 8, "image/png", users), { filename: "unused.png" })
    .expect(status(201));
  await sites[0]!.app.mediaAdmin.removeUnused(new Date(Date.now() + 60_000), { ip: client });
  return { writer, post, user, invitee: invitee.body as { id: number } };
}
