import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { INBOX_MESSAGES } from "~/shared/inbox";
import { POST_QUERY_MESSAGES, POSTS_PAGE_SIZE } from "~/shared/post-query";
import { POST_MESSAGES } from "~/shared/schemas";
import { postNotFoundMessage } from "~/server/posts/post-lifecycle";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

/**
 * The route modules behind the admin panels' fetchers (/admin/data/*): the same rules as the
 * /api/admin calls, answered as data the panels show.
 */
const t = useTestApp();
let admin: string;
beforeEach(async () => {
  admin = (await signedIn(t, "admin")).cookie;
});

const addMessage = (name = "Ada") =>
  t.store.addMessage({ name, email: "ada@example.com", message: "Hello there", ip: "127.0.0.1" });
const form = (path: string, cookie: string, body: Record<string, string>) =>
  request(t.app).post(path).set("Cookie", cookie).type("form").send(body);

describe("/admin/data/inbox", () => {
  it("answers the page, the counts and the settings to an admin, privately", async () => {
    await addMessage();
    const res = await request(t.app).get("/admin/data/inbox?status=unread").set("Cookie", admin).expect(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body).toMatchObject({
      allowed: true,
      isAdmin: true,
      settings: { writersSeeInbox: false },
      inbox: { total: 1, counts: { unread: 1 } },
    });
    const bad = await request(t.app).get("/admin/data/inbox?page=0").set("Cookie", admin).expect(400);
    expect(bad.body.error).toBe(INBOX_MESSAGES.invalidPage);
  });

  it("tells visitors and writers kept out only that they are not allowed", async () => {
    await addMessage();
    expect((await request(t.app).get("/admin/data/inbox").expect(200)).body).toEqual({ allowed: false });
    const writer = (await signedIn(t, "writer")).cookie;
    expect((await request(t.app).get("/admin/data/inbox").set("Cookie", writer).expect(200)).body).toEqual({
      allowed: false,
    });
  });

  it("marks read, archives, deletes and saves the settings; writers may not delete or change settings", async () => {
    const m = await addMessage();
    await form("/admin/data/inbox", admin, { intent: "read", id: String(m.id), value: "true" }).expect(200, {
      ok: true,
      intent: "read",
    });
    await form("/admin/data/inbox", admin, { intent: "archive", id: String(m.id), value: "true" }).expect(200);
    expect(await t.store.getMessage(m.id)).toMatchObject({ read: true, archived: true });

    const writer = (await signedIn(t, "writer")).cookie;
    await form("/admin/data/inbox", writer, { intent: "read", id: String(m.id), value: "false" }).expect(403);
    await form("/admin/data/inbox", admin, { intent: "settings", writersSeeInbox: "true" }).expect(200);
    await form("/admin/data/inbox", writer, { intent: "read", id: String(m.id), value: "false" }).expect(200);
    const refused = await form("/admin/data/inbox", writer, { intent: "delete", id: String(m.id) }).expect(403);
    expect(refused.body).toMatchObject({ ok: false, message: AUTH_MESSAGES.adminsOnly });
    await form("/admin/data/inbox", writer, { intent: "settings", writersSeeInbox: "false" }).expect(403);

    await form("/admin/data/inbox", admin, { intent: "delete", id: "abc" }).expect(400);
    await form("/admin/data/inbox", admin, { intent: "nonsense", id: String(m.id) }).expect(400);
    await form("/admin/data/inbox", admin, { intent: "delete", id: String(m.id) }).expect(200);
    expect(await t.store.listMessages()).toEqual([]);
    await form("/admin/data/inbox", admin, { intent: "delete", id: String(m.id) }).expect(404);
  });

  it("refuses writes from another site and from visitors", async () => {
    const m = await addMessage();
    const cross = await form("/admin/data/inbox", admin, { intent: "read", id: String(m.id), value: "true" })
      .set("Sec-Fetch-Site", "cross-site")
      .expect(403);
    expect(cross.body.message).toBe(AUTH_MESSAGES.crossOrigin);
    await form("/admin/data/inbox", admin, { intent: "read", id: String(m.id), value: "true" })
      .set("Origin", "https://evil.example")
      .expect(403);
    await request(t.app)
      .post("/admin/data/inbox")
      .type("form")
      .send({ intent: "read", id: String(m.id), value: "true" })
      .expect(401);
    expect((await t.store.getMessage(m.id))?.read).toBeUndefined();
  });
});

describe("/admin/data/tags", () => {
  it("lists tags with counts for writers; only admins rename, merge and delete, from this site", async () => {
    await t.store.createPost(makePostInput({ tags: ["Retial", "Retail"] }));
    const writer = (await signedIn(t, "writer")).cookie;
    const list = await request(t.app).get("/admin/data/tags").set("Cookie", writer).expect(200);
    expect(list.body).toMatchObject({
      canManage: false,
      tags: [
        { name: "Retail", posts: 1 },
        { name: "Retial", posts: 1 },
      ],
    });
    await request(t.app).get("/admin/data/tags").expect(401);
    const id = String(list.body.tags[1].id);
    const into = String(list.body.tags[0].id);

    await form("/admin/data/tags", writer, { intent: "rename", id, name: "Shops" }).expect(403);
    await form("/admin/data/tags", admin, { intent: "rename", id, name: "Shops" })
      .set("Origin", "https://evil.example")
      .expect(403);
    const bad = await form("/admin/data/tags", admin, { intent: "rename", id, name: "" }).expect(400);
    expect(bad.body.errors.name).toBeDefined();
    await form("/admin/data/tags", admin, { intent: "merge", id, into }).expect(200, { ok: true, intent: "merge" });
    await form("/admin/data/tags", admin, { intent: "delete", id: into }).expect(200);
    expect(await t.store.listTags()).toEqual([]);
  });
});

describe("/admin/data/posts", () => {
  it("searches titles, filters by status and tag, sorts by created or updated, 20 a page, with counts", async () => {
    for (let i = 0; i < POSTS_PAGE_SIZE + 1; i++) await t.store.createPost(makePostInput({ title: `Queue note ${i}` }));
    const draft = await t.store.createPost(
      makePostInput({ title: "Airport security lines", published: false, tags: ["Airports"] }),
    );
    const first = await t.store.createPost(makePostInput({ title: "Museum entrance", tags: ["Airports"] }));
    // A millisecond on, so the update is not in the same millisecond as the last create (a tie).
    await new Promise((resolve) => setTimeout(resolve, 2));
    await t.store.updatePost((await t.store.listPosts()).at(-1)!.id, { summary: "Updated last, created first." });
    const get = async (q: string) =>
      (await request(t.app).get(`/admin/data/posts?${q}`).set("Cookie", admin).expect(200)).body.result;

    const all = await get("");
    expect(all.posts).toHaveLength(POSTS_PAGE_SIZE);
    expect(all).toMatchObject({
      page: 1,
      pageCount: 2,
      total: POSTS_PAGE_SIZE + 3,
      counts: { all: POSTS_PAGE_SIZE + 3, published: POSTS_PAGE_SIZE + 2, drafts: 1 },
    });
    expect((await get("page=2")).posts).toHaveLength(3);
    expect((await get("status=drafts")).posts.map((p: { id: number }) => p.id)).toEqual([draft.id]);
    expect((await get("status=published&tag=airports")).posts.map((p: { id: number }) => p.id)).toEqual([first.id]);
    expect((await get("q=AIRPORT")).posts.map((p: { id: number }) => p.id)).toEqual([draft.id]);
    expect((await get("sort=updated")).posts[0].title).toBe("Queue note 0");
    expect((await get("sort=created")).posts[0].id).toBe(first.id);

    const bad = await request(t.app).get("/admin/data/posts?status=secret").set("Cookie", admin).expect(400);
    expect(bad.body).toEqual({ error: POST_QUERY_MESSAGES.invalid });
    await request(t.app).get("/admin/data/posts").expect(401);
    const writer = (await signedIn(t, "writer")).cookie;
    await request(t.app).get("/admin/data/posts").set("Cookie", writer).expect(200);
  });

  it("sends the rows without content, and the one post the editor opens whole, drafts too", async () => {
    const stored = await t.store.createPost(makePostInput({ published: false }));
    const { content, ...fields } = stored;
    // A draft never published answers publishedAt null (docs/api.md).
    const row = { ...fields, publishedAt: null, status: "draft" };
    const list = await request(t.app).get("/admin/data/posts").set("Cookie", admin).expect(200);
    expect(list.body.result.posts).toEqual([{ ...row, status: "draft" }]);
    const one = await request(t.app).get(`/admin/data/posts?id=${stored.id}`).set("Cookie", admin).expect(200);
    expect(one.headers["cache-control"]).toBe("private, no-store");
    expect(one.body).toEqual({ post: { ...row, status: "draft", content } });
    const missing = await request(t.app).get("/admin/data/posts?id=999").set("Cookie", admin).expect(404);
    expect(missing.body).toEqual({ error: postNotFoundMessage(999) });
    const bad = await request(t.app).get("/admin/data/posts?id=x").set("Cookie", admin).expect(400);
    expect(bad.body).toEqual({ error: POST_MESSAGES.invalidId });
    await request(t.app).get(`/admin/data/posts?id=${stored.id}`).expect(401);
  });
});
