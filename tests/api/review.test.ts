import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST_SUBJECT } from "~/shared/revisions";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { PERMISSION_MESSAGES } from "~/shared/permissions";
import { REVIEW_MESSAGES } from "~/shared/review";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { closedPort, startSmtpServer } from "../helpers/smtp-server";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/** Review before publish (docs/decisions/126-review-before-publish.md) through HTTP, with a real SMTP server. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let contributor: { id: number; cookie: string; username: string };
let editor: string;
const NOTIFY_TO = "editors@queuewise.example";

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await makeTestApp({ env: { SMTP_URL: smtp.url, CONTACT_NOTIFY_TO: NOTIFY_TO } });
  const c = await signedIn(t, "contributor");
  contributor = { id: c.user.id, username: c.user.username, cookie: c.cookie };
  editor = (await signedIn(t, "editor")).cookie;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = (cookie: string, method: "get" | "post" | "put", path: string) =>
  request(t.app)[method](path).set("Cookie", cookie);
const draft = async () =>
  (
    await call(contributor.cookie, "post", "/api/cms/simple-create-post")
      .send(makePostInput({ published: false }))
      .expect(201)
  ).body as { id: number; status: string };

describe("review before publish", () => {
  it("a contributor submits, an editor sends it back with a note, the contributor submits again, the editor publishes", async () => {
    const post = await draft();
    expect(post.status).toBe("draft");

    const submitted = await call(contributor.cookie, "post", `/api/cms/posts/${post.id}/submit`).expect(200);
    expect(submitted.body).toMatchObject({ status: "review", submittedBy: contributor.id });
    expect(Date.parse(submitted.body.submittedAt)).not.toBeNaN();
    const queue = await call(editor, "get", "/api/cms/review").expect(200);
    expect(queue.body.posts).toContainEqual(
      expect.objectContaining({
        id: post.id,
        submittedByName: contributor.username,
        submittedAt: submitted.body.submittedAt,
      }),
    );

    await call(editor, "post", `/api/cms/posts/${post.id}/return`)
      .send({ note: " " })
      .expect(400, { message: REVIEW_MESSAGES.noteRequired, errors: { note: [REVIEW_MESSAGES.noteRequired] } });
    const returned = await call(editor, "post", `/api/cms/posts/${post.id}/return`)
      .send({ note: "Add a customer quote." })
      .expect(200);
    expect(returned.body.status).toBe("draft");
    expect(returned.body.submittedAt).toBeUndefined();
    expect(returned.body.reviewNote).toMatchObject({ note: "Add a customer quote." });
    // The contributor sees the note in the list and in the editor's copy of the post.
    const list = await call(contributor.cookie, "get", "/api/cms/posts").expect(200);
    expect(list.body.find((p: { id: number }) => p.id === post.id).reviewNote.note).toBe("Add a customer quote.");
    await call(editor, "post", `/api/cms/posts/${post.id}/return`)
      .send({ note: "Again" })
      .expect(409, { message: REVIEW_MESSAGES.notInReview });

    const again = await call(contributor.cookie, "post", `/api/cms/posts/${post.id}/submit`).expect(200);
    expect(again.body.status).toBe("review");
    expect(again.body.reviewNote).toBeUndefined();

    const published = await call(editor, "put", `/api/cms/update-post/${post.id}`)
      .send({ published: true })
      .expect(200);
    expect(published.body).toMatchObject({ status: "published", published: true });
    expect(published.body.submittedAt).toBeUndefined();
    expect((await call(editor, "get", "/api/cms/review").expect(200)).body.posts).toEqual([]);

    const kinds = (await t.activity.entries()).filter(
      (e) => e.what === ACTIVITY_MESSAGES.post(post.id, published.body.title),
    );
    expect(kinds.map((e) => e.kind).reverse()).toEqual(["submit", "return", "submit", "publish"]);
  });

  it("a submitted post an editor schedules leaves the queue and the navigation's count, and comes back unscheduled", async () => {
    const post = await draft();
    await call(contributor.cookie, "post", `/api/cms/posts/${post.id}/submit`).expect(200);
    const waiting = async () => {
      const queue = (await call(editor, "get", "/api/cms/review").expect(200)).body.posts as { id: number }[];
      const nav = (await call(editor, "get", "/admin/posts").expect(200)).text;
      const label = queue.length ? REVIEW_MESSAGES.tabWithCount(queue.length) : `>${REVIEW_MESSAGES.tab}<`;
      expect(nav).toContain(label);
      return queue.map((item) => item.id);
    };
    const before = await waiting();
    expect(before).toContain(post.id);

    const scheduled = await call(editor, "put", `/api/cms/update-post/${post.id}`)
      .send({ publishAt: new Date(Date.now() + 86_400_000).toISOString() })
      .expect(200);
    expect(scheduled.body.status).toBe("scheduled");
    const after = await waiting();
    expect(after).not.toContain(post.id);
    expect(after).toHaveLength(before.length - 1);

    await call(editor, "put", `/api/cms/update-post/${post.id}`).send({ publishAt: null }).expect(200);
    expect(await waiting()).toContain(post.id);
  });

  it("emails the addresses for notices when a post is submitted", async () => {
    const before = smtp.received.length;
    const post = await draft();
    await call(contributor.cookie, "post", `/api/cms/posts/${post.id}/submit`).expect(200);
    await smtp.waitFor(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual([NOTIFY_TO]);
    expect(mail.raw).toContain(`Subject: Awaiting review: Queue insights`);
    expect(mail.raw).toContain(contributor.username);
  });

  it("a mail server that is down does not fail the submit", async () => {
    const down = await makeTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, CONTACT_NOTIFY_TO: NOTIFY_TO },
    });
    try {
      const c = await signedIn(down, "contributor");
      const created = await request(down.app)
        .post("/api/cms/simple-create-post")
        .set("Cookie", c.cookie)
        .send(makePostInput({ published: false }))
        .expect(201);
      const res = await request(down.app).post(`/api/cms/posts/${created.body.id}/submit`).set("Cookie", c.cookie);
      expect(res.status).toBe(200);
      expect((await down.store.getPostById(created.body.id))!.submittedAt).toBe(res.body.submittedAt);
    } finally {
      await down.close();
    }
  });

  it("a contributor cannot publish, schedule or unpublish by any route", async () => {
    const cannot = { message: PERMISSION_MESSAGES.cannotPublish };
    await call(contributor.cookie, "post", "/api/cms/simple-create-post")
      .send(makePostInput({ published: true }))
      .expect(403, cannot);
    await call(contributor.cookie, "post", "/api/cms/simple-create-post")
      .send({ ...makePostInput({ published: false }), publishAt: "2030-01-01T09:00:00Z" })
      .expect(403, cannot);
    const post = await draft();
    await call(contributor.cookie, "put", `/api/cms/update-post/${post.id}`)
      .send({ published: true })
      .expect(403, cannot);
    // A revision that was published is not a way round it either.
    await t.store.updatePost(post.id, { published: true });
    await t.store.updatePost(post.id, { published: false });
    const revisions = await t.store.listRevisions(POST_SUBJECT, post.id);
    await call(contributor.cookie, "post", `/api/cms/posts/${post.id}/revisions/${revisions[1]!.id}/restore`).expect(
      403,
    );
    expect((await t.store.getPostById(post.id))!.published).toBe(false);

    const theirs = await t.store.createPost(makePostInput({ published: true }), {
      by: { id: contributor.id, username: "c" },
    });
    await call(contributor.cookie, "put", `/api/cms/update-post/${theirs.id}`)
      .send({ published: false })
      .expect(403, { message: PERMISSION_MESSAGES.notYourDraft });
    await call(contributor.cookie, "post", `/api/cms/posts/${theirs.id}/submit`).expect(409);
    await call(contributor.cookie, "post", `/api/cms/delete-post/${post.id}`).expect(403);
  });

  it("a contributor cannot submit someone else's draft, and only editors and admins send back", async () => {
    const someoneElses = await t.store.createPost(makePostInput({ published: false }));
    await call(contributor.cookie, "post", `/api/cms/posts/${someoneElses.id}/submit`).expect(403, {
      message: PERMISSION_MESSAGES.notYourDraft,
    });
    const post = await draft();
    await call(contributor.cookie, "post", `/api/cms/posts/${post.id}/submit`).expect(200);
    await call(contributor.cookie, "post", `/api/cms/posts/${post.id}/return`).send({ note: "Mine" }).expect(403);
  });

  it("keeps the queue fields through a backup and a restore", async () => {
    const admin = (await signedIn(t, "admin")).cookie;
    const post = await draft();
    await call(contributor.cookie, "post", `/api/cms/posts/${post.id}/submit`).expect(200);
    const kept = await t.store.getPostById(post.id);
    const backup = await call(admin, "post", "/api/debug/backup-posts").expect(200);
    await t.store.deletePost(post.id);
    await t.store.deleteForGood(post.id);
    const file = await call(admin, "get", `/api/debug/backups/${backup.body.file}`).expect(200);
    await call(admin, "post", "/api/debug/restore-posts").send(file.body).expect(200);
    const restored = await t.store.getPostById(post.id);
    expect(restored).toMatchObject({ submittedAt: kept!.submittedAt, submittedBy: contributor.id });
  });
});
