import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { forbiddenMessage } from "~/shared/permissions";
import { REVISION_MESSAGES } from "~/shared/revisions";
import { POST_MESSAGES } from "~/shared/schemas";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
let admin: { cookie: string; user: { id: number; username: string } };
let writer: { cookie: string; user: { id: number; username: string } };
beforeEach(async () => {
  admin = await signedIn(t, "admin");
  writer = await signedIn(t, "writer");
});

const IMAGE = "https://images.example.com/queue.png";
const ORIGINAL =
  `<p>Queues are shorter when visitors wait where they like.</p>` +
  `<p>The second paragraph explains the kiosk.</p><p><img src="${IMAGE}" alt="A kiosk"></p>`;

const create = (who: { cookie: string }, fields: Record<string, unknown>) =>
  request(t.app).post("/api/cms/simple-create-post").set("Cookie", who.cookie).send(fields).expect(201);
const update = (who: { cookie: string }, id: number, fields: Record<string, unknown>) =>
  request(t.app).put(`/api/cms/update-post/${id}`).set("Cookie", who.cookie).send(fields);
const revisions = (id: number) =>
  request(t.app).get(`/api/cms/posts/${id}/revisions`).set("Cookie", writer.cookie).expect(200);

describe("GET /api/cms/posts/{id}/revisions", () => {
  it("lists each save newest first, folding one person's consecutive saves into one", async () => {
    const post = (await create(admin, { ...makePostInput(), content: ORIGINAL })).body;
    await update(admin, post.id, { title: "Autosaved once" }).expect(200);
    await update(admin, post.id, { title: "Autosaved twice" }).expect(200);
    let list = (await revisions(post.id)).body;
    expect(list).toEqual([
      {
        id: expect.any(Number),
        createdAt: post.createdAt,
        savedAt: expect.any(String),
        by: { id: admin.user.id, username: admin.user.username },
        // The creator is its author (docs/decisions/130-bylines-and-author-pages.md).
        changed: ["title", "slug", "summary", "content", "published", "authors"],
      },
    ]);
    await update(writer, post.id, { summary: "A colleague's better summary." }).expect(200);
    list = (await revisions(post.id)).body;
    expect(list.map((r: { by: { username: string }; changed: string[] }) => [r.by.username, r.changed])).toEqual([
      [writer.user.username, ["summary"]],
      [admin.user.username, ["title", "slug", "summary", "content", "published", "authors"]],
    ]);

    const whole = await request(t.app)
      .get(`/api/cms/posts/${post.id}/revisions/${list[1].id}`)
      .set("Cookie", writer.cookie)
      .expect(200);
    expect(whole.body).toMatchObject({ ...list[1], snapshot: { title: "Autosaved twice", content: post.content } });
  });

  it("keeps the version from before history for a post saved before revisions existed", async () => {
    const post = await t.store.createPost(makePostInput({ title: "Written long ago" }));
    await t.store.updatePost(post.id, { title: "Edited today" }, { by: admin.user });
    const list = (await revisions(post.id)).body;
    expect(list.map((r: { by: unknown }) => r.by)).toEqual([
      { id: admin.user.id, username: admin.user.username },
      null,
    ]);
  });

  it("answers 400, 401 and 404 for a bad id, no session, and a revision of another post", async () => {
    const post = (await create(admin, makePostInput())).body;
    const other = (await create(admin, makePostInput())).body;
    const [rev] = (await revisions(other.id)).body;
    await request(t.app).get(`/api/cms/posts/${post.id}/revisions`).expect(401);
    const bad = await request(t.app).get(`/api/cms/posts/${post.id}/revisions/x`).set("Cookie", writer.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ rev: [REVISION_MESSAGES.invalidRevision] });
    const missing = await request(t.app)
      .get(`/api/cms/posts/${post.id}/revisions/${rev.id}`)
      .set("Cookie", writer.cookie)
      .expect(404);
    expect(missing.body.message).toBe(REVISION_MESSAGES.notFound(rev.id));
    const noPost = await request(t.app).get("/api/cms/posts/0/revisions").set("Cookie", writer.cookie).expect(400);
    expect(noPost.body.message).toBe(POST_MESSAGES.invalidId);
  });
});

describe("POST /api/cms/posts/{id}/revisions/{rev}/restore", () => {
  it("brings back a deleted paragraph and an image as a new revision, rewriting none", async () => {
    const post = (await create(admin, { ...makePostInput(), content: ORIGINAL })).body;
    const cut = "<p>Queues are shorter when visitors wait where they like, with nothing else to say.</p>";
    await update(writer, post.id, { content: cut }).expect(200);
    const before = (await revisions(post.id)).body;
    const original = before.at(-1);

    const restored = await request(t.app)
      .post(`/api/cms/posts/${post.id}/revisions/${original.id}/restore`)
      .set("Cookie", writer.cookie)
      .expect(200);
    expect(restored.body.content).toContain("The second paragraph explains the kiosk.");
    expect(restored.body.content).toContain(`src="${IMAGE}"`);
    expect((await request(t.app).get(`/blog/${post.slug}`).expect(200)).text).toContain("explains the kiosk");

    const after = (await revisions(post.id)).body;
    expect(after.slice(1)).toEqual(before);
    expect(after[0]).toMatchObject({ origin: "restore", restoredFrom: original.id, changed: ["content"] });
    // The writer's next save is a revision of its own, not folded into the restore.
    await update(writer, post.id, { title: "After the restore" }).expect(200);
    expect((await revisions(post.id)).body).toHaveLength(after.length + 1);
  });

  it("brings back the search settings, alt text and caption a version had, and drops the settings it had not", async () => {
    const figure = `<figure><img src="${IMAGE}" alt="A kiosk by the door"><figcaption>The kiosk at the entrance.</figcaption></figure>`;
    const settings = {
      metaTitle: "Kiosks that shorten queues",
      canonicalUrl: "https://example.com/kiosks",
      noindex: true,
    };
    const post = (await create(admin, { ...makePostInput(), content: figure, ...settings, coverFocus: "50% 20%" }))
      .body;
    await update(writer, post.id, {
      content: "<p>No picture now: the kiosk moved to the other door last week.</p>",
      metaTitle: "",
      canonicalUrl: "",
      noindex: false,
      coverFocus: "",
      metaDescription: "Added later.",
    }).expect(200);
    const [latest, original] = (await revisions(post.id)).body;
    expect(latest.changed).toEqual([
      "content",
      "metaTitle",
      "metaDescription",
      "canonicalUrl",
      "noindex",
      "coverFocus",
    ]);

    const restored = (
      await request(t.app)
        .post(`/api/cms/posts/${post.id}/revisions/${original.id}/restore`)
        .set("Cookie", writer.cookie)
        .expect(200)
    ).body;
    expect(restored).toMatchObject({ ...settings, coverFocus: "50% 20%" });
    expect(restored.metaDescription).toBeUndefined();
    expect(restored.content).toContain('alt="A kiosk by the door"');
    expect(restored.content).toContain("<figcaption>The kiosk at the entrance.</figcaption>");
  });
});

describe("changed slugs", () => {
  it("answers one 301 from an old slug to the current one, page and API alike; a new post takes an old slug over", async () => {
    const post = (await create(admin, makePostInput({ slug: "first-slug" }))).body;
    await request(t.app).get("/blog/first-slug").expect(200); // kept by the page cache
    await update(admin, post.id, { slug: "second-slug" }).expect(200);
    await update(admin, post.id, { slug: "third-slug" }).expect(200);

    expect((await request(t.app).get("/blog/first-slug").expect(301)).headers.location).toBe("/blog/third-slug");
    expect((await request(t.app).get("/blog/second-slug").expect(301)).headers.location).toBe("/blog/third-slug");
    const api = await request(t.app).get("/api/public/blog/posts/first-slug").expect(301);
    expect(api.headers.location).toBe("/api/public/blog/posts/third-slug");
    const redirects = await request(t.app).get(`/api/cms/posts/${post.id}/redirects`).set("Cookie", writer.cookie);
    expect(redirects.body).toEqual({ from: ["first-slug", "second-slug"] });

    const newcomer = (
      await create(writer, { ...makePostInput({ slug: "second-slug", title: "The newcomer" }), takeOverAddress: true })
    ).body;
    expect((await request(t.app).get("/blog/second-slug").expect(200)).text).toContain("The newcomer");
    const mine = await request(t.app).get("/api/public/blog/posts/second-slug").expect(200);
    expect(mine.body.id).toBe(newcomer.id);
    expect((await request(t.app).get(`/api/cms/posts/${post.id}/redirects`).set("Cookie", writer.cookie)).body).toEqual(
      { from: ["first-slug"] },
    );
  });

  it("keeps an old address from a save that does not confirm taking it over, and from anyone who may not publish", async () => {
    const post = (await create(admin, makePostInput({ slug: "renamed-away" }))).body;
    await update(admin, post.id, { slug: "renamed-to" }).expect(200);
    const contributor = await signedIn(t, "contributor");
    const editor = await signedIn(t, "editor");
    const asked = { ...makePostInput({ slug: "renamed-away", published: false }) };
    const refusals = [
      [contributor, asked, REVISION_MESSAGES.slugRedirectedNoRight("renamed-away")],
      [contributor, { ...asked, takeOverAddress: true }, REVISION_MESSAGES.slugRedirectedNoRight("renamed-away")],
      [editor, asked, REVISION_MESSAGES.slugRedirected("renamed-away")],
      [editor, { ...asked, takeOverAddress: false }, REVISION_MESSAGES.slugRedirected("renamed-away")],
    ] as const;
    for (const [who, body, message] of refusals) {
      const refused = await request(t.app)
        .post("/api/cms/simple-create-post")
        .set("Cookie", who.cookie)
        .send(body)
        .expect(409);
      expect(refused.body.errors).toEqual({ slug: [message] });
    }
    // A rename of one's own draft onto the address is a save like any other.
    const draft = (await create(contributor, makePostInput({ slug: "contributors-draft", published: false }))).body;
    const renamed = await update(contributor, draft.id, { slug: "renamed-away", takeOverAddress: true }).expect(409);
    expect(renamed.body.errors).toEqual({ slug: [REVISION_MESSAGES.slugRedirectedNoRight("renamed-away")] });
    const bad = await update(editor, draft.id, { slug: "renamed-away", takeOverAddress: "yes" }).expect(400);
    expect(bad.body.errors).toEqual({ takeOverAddress: [POST_MESSAGES.takeOverAddress] });
    expect((await request(t.app).get("/blog/renamed-away").expect(301)).headers.location).toBe("/blog/renamed-to");

    await update(editor, draft.id, { slug: "renamed-away", takeOverAddress: true }).expect(200);
    expect((await request(t.app).get(`/api/cms/posts/${post.id}/redirects`).set("Cookie", editor.cookie)).body).toEqual(
      {
        from: [],
      },
    );
  });

  it("keeps no redirect for a draft's slug; one to a post unpublished or trashed since is a 404 until it is back", async () => {
    const draft = (await create(admin, makePostInput({ slug: "draft-slug", published: false }))).body;
    await update(admin, draft.id, { slug: "draft-moved" }).expect(200);
    await request(t.app).get("/blog/draft-slug").expect(404);
    const post = (await create(admin, makePostInput({ slug: "was-public" }))).body;
    await update(admin, post.id, { slug: "now-public" }).expect(200);
    await update(admin, post.id, { published: false }).expect(200);
    // Kept by the page cache as a 404, then dropped when the post is shown again.
    await request(t.app).get("/blog/was-public").expect(404);
    await request(t.app).get("/api/public/blog/posts/was-public").expect(404);
    await update(admin, post.id, { published: true }).expect(200);
    expect((await request(t.app).get("/blog/was-public").expect(301)).headers.location).toBe("/blog/now-public");
    await request(t.app).get("/api/public/blog/posts/was-public").expect(301);
    await request(t.app).post(`/api/cms/delete-post/${post.id}`).set("Cookie", admin.cookie).expect(200);
    await request(t.app).get("/blog/was-public").expect(404);
    await request(t.app).post(`/api/cms/trash/${post.id}/restore`).set("Cookie", admin.cookie).expect(200);
    await request(t.app).get("/blog/was-public").expect(301);
  });
});

describe("the trash", () => {
  it("takes a deleted post off every public page, keeps its slug, and gives it back whole", async () => {
    const post = (await create(admin, makePostInput({ slug: "in-the-bin", tags: ["Binned"] }))).body;
    await request(t.app).get("/blog/in-the-bin").expect(200);
    await request(t.app).post(`/api/cms/delete-post/${post.id}`).set("Cookie", admin.cookie).expect(200);
    await request(t.app).get("/blog/in-the-bin").expect(404);
    await request(t.app).get("/api/public/blog/posts/in-the-bin").expect(404);
    expect((await request(t.app).get("/rss.xml").expect(200)).text).not.toContain("in-the-bin");
    expect((await request(t.app).get("/sitemap.xml").expect(200)).text).not.toContain("in-the-bin");
    expect((await request(t.app).get("/api/blog/tags").expect(200)).body).toEqual([]);

    const taken = await create(writer, makePostInput({ slug: "in-the-bin" })).catch((e: Error) => e);
    expect(taken).toBeInstanceOf(Error);
    const conflict = await request(t.app)
      .post("/api/cms/simple-create-post")
      .set("Cookie", writer.cookie)
      .send(makePostInput({ slug: "in-the-bin" }))
      .expect(409);
    expect(conflict.body.errors.slug).toEqual([REVISION_MESSAGES.slugInTrash("in-the-bin")]);

    await request(t.app).get("/api/cms/trash").set("Cookie", writer.cookie).expect(403);
    const trash = await request(t.app).get("/api/cms/trash").set("Cookie", admin.cookie).expect(200);
    expect(trash.body).toEqual([
      expect.objectContaining({
        id: post.id,
        slug: "in-the-bin",
        deletedBy: { id: admin.user.id, username: admin.user.username },
      }),
    ]);
    expect(Date.parse(trash.body[0].expiresAt) - Date.parse(trash.body[0].deletedAt)).toBe(30 * 24 * 3600 * 1000);

    const back = await request(t.app).post(`/api/cms/trash/${post.id}/restore`).set("Cookie", admin.cookie).expect(200);
    expect(back.body).toEqual(post);
    await request(t.app).get("/blog/in-the-bin").expect(200);
    expect((await revisions(post.id)).body).toHaveLength(1);
  });

  it("deletes for good on request, with the revisions and old slugs, freeing the slug", async () => {
    const post = (await create(admin, makePostInput({ slug: "old-name" }))).body;
    await update(admin, post.id, { slug: "gone-for-good" }).expect(200);
    await request(t.app).delete(`/api/debug/delete-post/${post.id}`).set("Cookie", admin.cookie).expect(200);
    // The history of a trashed post stays readable, under the Trash's rule.
    const history = await request(t.app).get(`/api/cms/posts/${post.id}/revisions`).set("Cookie", admin.cookie);
    expect(history.body).toHaveLength(1);
    await request(t.app).delete(`/api/cms/trash/${post.id}`).set("Cookie", admin.cookie).expect(200);
    await request(t.app).get(`/api/cms/posts/${post.id}/revisions`).set("Cookie", admin.cookie).expect(404);
    expect(await t.store.listPostRedirects()).toEqual([]);
    await create(writer, makePostInput({ slug: "gone-for-good" }));
    const again = await request(t.app).delete(`/api/cms/trash/${post.id}`).set("Cookie", admin.cookie).expect(404);
    expect(again.body.message).toBe(REVISION_MESSAGES.notInTrash(post.id));
  });

  it("lets only a role that may open the Trash read a trashed post's history", async () => {
    const post = (await create(admin, makePostInput({ slug: "binned-history" }))).body;
    await update(admin, post.id, { slug: "binned-history-renamed", content: ORIGINAL }).expect(200);
    const [revision] = (await revisions(post.id)).body;
    await request(t.app).post(`/api/cms/delete-post/${post.id}`).set("Cookie", admin.cookie).expect(200);

    const reads = [
      `/api/cms/posts/${post.id}/revisions`,
      `/api/cms/posts/${post.id}/revisions/${revision.id}`,
      `/api/cms/posts/${post.id}/redirects`,
    ];
    const contributor = await signedIn(t, "contributor");
    const editor = await signedIn(t, "editor");
    for (const path of reads) {
      for (const below of [contributor, writer]) {
        const refused = await request(t.app).get(path).set("Cookie", below.cookie).expect(403);
        expect(refused.body.message).toBe(forbiddenMessage("trash.manage"));
      }
      await request(t.app).get(path).set("Cookie", editor.cookie).expect(200);
    }
    const detail = await request(t.app).get(reads[1]!).set("Cookie", editor.cookie);
    expect(detail.body).toMatchObject({ id: revision.id, snapshot: { slug: "binned-history-renamed" } });
    // Bringing a revision back is a write on the post, which the Trash holds: refused before it.
    await request(t.app)
      .post(`/api/cms/posts/${post.id}/revisions/${revision.id}/restore`)
      .set("Cookie", writer.cookie)
      .expect(403);
  });

  it("removes trash past the trash period when history is swept", async () => {
    const post = (await create(admin, makePostInput())).body;
    await request(t.app).post(`/api/cms/delete-post/${post.id}`).set("Cookie", admin.cookie).expect(200);
    expect(await t.store.sweepHistory({ revisions: { kept: 100, days: 30 }, trashDays: 1 })).toEqual({ expired: [] });
    expect(await t.store.sweepHistory({ revisions: { kept: 100, days: 30 }, trashDays: 0 })).toEqual({
      expired: [post.id],
    });
    expect(await t.store.listTrash()).toEqual([]);
    expect(await t.store.listRevisions("post", post.id)).toEqual([]);
  });
});

describe("backups and history", () => {
  it("purges into the trash after the backup; a restore brings posts back with their history and a revision saying so", async () => {
    const post = (await create(admin, makePostInput({ slug: "backed-up" }))).body;
    await update(writer, post.id, { slug: "backed-up-moved" }).expect(200);
    const purge = await request(t.app).post("/api/debug/purge-all-posts").set("Cookie", admin.cookie).expect(200);
    expect(purge.body.backup).toEqual(expect.any(String));
    expect((await t.store.listTrash()).map((p) => p.id)).toEqual([post.id]);
    // In the Trash now, so its history is read as whoever may open the Trash.
    const history = (await request(t.app).get(`/api/cms/posts/${post.id}/revisions`).set("Cookie", admin.cookie)).body;
    await request(t.app).delete(`/api/cms/trash/${post.id}`).set("Cookie", admin.cookie).expect(200);

    const restore = await request(t.app).post("/api/debug/restore-posts").set("Cookie", admin.cookie).expect(200);
    expect(restore.body.restored).toBe(1);
    const list = (await revisions(post.id)).body;
    expect(list[0]).toMatchObject({ origin: "backup", by: { id: admin.user.id, username: admin.user.username } });
    expect(list.slice(1).map((r: { changed: string[] }) => r.changed)).toEqual(
      history.map((r: { changed: string[] }) => r.changed),
    );
    expect((await request(t.app).get("/blog/backed-up").expect(301)).headers.location).toBe("/blog/backed-up-moved");
  });

  it("takes a trashed post out of the trash when a backup restores it, keeping the history it has", async () => {
    const post = (await create(admin, makePostInput({ slug: "binned-then-restored" }))).body;
    await request(t.app).post("/api/debug/backup-posts").set("Cookie", admin.cookie).expect(200);
    await request(t.app).post(`/api/cms/delete-post/${post.id}`).set("Cookie", admin.cookie).expect(200);
    const restore = await request(t.app).post("/api/debug/restore-posts").set("Cookie", admin.cookie).expect(200);
    expect(restore.body).toMatchObject({ restored: 1, skipped: 0 });
    expect(await t.store.listTrash()).toEqual([]);
    const list = (await revisions(post.id)).body;
    expect(list.map((r: { origin?: string }) => r.origin)).toEqual(["backup", undefined]);
    await request(t.app).get("/blog/binned-then-restored").expect(200);
  });
});
