import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_BODY_MESSAGES } from "~/server/http/json-body";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { PERMISSION_MESSAGES } from "~/shared/permissions";
import { postSlugTakenMessage } from "~/server/posts/post-changes";
import { postNotFoundMessage } from "~/server/posts/post-lifecycle";
import { tagSlugTakenMessage } from "~/server/tags/tag-changes";
import type { Post } from "~/server/store/types";
import { BLOG_MESSAGES } from "~/shared/blog";
import { POST_MESSAGES, TAG_MESSAGES } from "~/shared/schemas";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

let t: Awaited<ReturnType<typeof makeTestApp>>;
let admin: string;
let adminUser: { id: number; username: string };
let writer: string;

beforeAll(async () => {
  t = await makeTestApp();
  ({ cookie: admin, user: adminUser } = await signedIn(t, "admin"));
  writer = (await signedIn(t, "writer")).cookie;
});
afterAll(() => t.close());

const PADDING = "<p>Enough words here to pass the fifty character minimum.</p>";

/** The CMS calls of docs/product.md section 7, as the admin UI makes them. */
const api = {
  list: (cookie?: string) => withCookie(request(t.app).get("/api/cms/posts"), cookie),
  create: (body: object, cookie?: string) =>
    withCookie(request(t.app).post("/api/cms/simple-create-post"), cookie).send(body),
  update: (id: number | string, body: object, cookie?: string) =>
    withCookie(request(t.app).put(`/api/cms/update-post/${id}`), cookie).send(body),
  remove: (id: number | string, cookie?: string) =>
    withCookie(request(t.app).post(`/api/cms/delete-post/${id}`), cookie),
  tag: (body: object, cookie?: string) => withCookie(request(t.app).post("/api/cms/tags"), cookie).send(body),
};
function withCookie(req: request.Test, cookie?: string) {
  return cookie ? req.set("Cookie", cookie) : req;
}

/** Everything a write could change, to show that a refused request changed nothing. */
async function snapshot() {
  return { posts: await t.store.listPosts(), tags: await t.store.listTags() };
}

describe("signed out", () => {
  it("every CMS call answers 401 and changes nothing", async () => {
    const post = await t.store.createPost(makePostInput());
    const before = await snapshot();
    for (const res of [
      await api.list(),
      await api.create(makePostInput()),
      await api.update(post.id, makePostInput()),
      await api.remove(post.id),
      await api.tag({ name: "Signed out", slug: "signed-out" }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: AUTH_MESSAGES.signInRequired });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("cross-origin (docs/architecture.md section 5)", () => {
  it.each([
    ["Origin", "https://evil.example"],
    ["Sec-Fetch-Site", "cross-site"],
    ["Sec-Fetch-Site", "same-site"],
  ])("a write with %s: %s answers 403 and changes nothing, even for an admin", async (header, value) => {
    const post = await t.store.createPost(makePostInput());
    const before = await snapshot();
    for (const req of [
      api.create(makePostInput(), admin),
      api.update(post.id, makePostInput({ title: "Hijacked title" }), admin),
      api.remove(post.id, admin),
      api.tag({ name: "Evil tag", slug: "evil-tag" }, admin),
    ]) {
      const res = await req.set(header, value);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: AUTH_MESSAGES.crossOrigin });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a same-origin browser request is let through", async () => {
    await api.create(makePostInput(), writer).set("Sec-Fetch-Site", "same-origin").expect(201);
  });
});

describe("as a writer", () => {
  it("lists, creates, updates and creates tags, but may not delete (403)", async () => {
    const created = await api.create(makePostInput(), writer).expect(201);
    await api.update(created.body.id, makePostInput({ title: "Edited by a writer" }), writer).expect(200);
    const list = await api.list(writer).expect(200);
    expect(list.body.find((p: Post) => p.id === created.body.id).title).toBe("Edited by a writer");
    await api.tag({ name: "Writers", slug: "writers" }, writer).expect(201);
    const refused = await api.remove(created.body.id, writer).expect(403);
    expect(refused.body).toEqual({ message: PERMISSION_MESSAGES.forbidden });
    expect(await t.store.getPostById(created.body.id)).toBeDefined();
  });
});

describe("as an admin", () => {
  it("POST /api/cms/simple-create-post answers 201 with the stored post", async () => {
    const input = makePostInput({ coverImage: "" });
    const res = await api.create(input, admin).expect(201).expect("cache-control", "no-store");
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: input.title,
      slug: input.slug,
      summary: input.summary,
      content: input.content,
      published: true,
      status: "published",
      createdAt: expect.any(String),
      // Published on create: its public date is its creation (docs/decisions/185-published-means-published.md).
      publishedAt: res.body.createdAt,
      updatedAt: expect.any(String),
      tags: [],
      createdBy: adminUser.id,
      updatedBy: adminUser.id,
      createdByName: adminUser.username,
      updatedByName: adminUser.username,
      // The creator is its author (docs/decisions/130-bylines-and-author-pages.md).
      authors: [adminUser.id],
      authorProfiles: [{ id: adminUser.id, username: adminUser.username, displayName: adminUser.username }],
    });
    const { createdByName: _c, updatedByName: _u, authorProfiles: _a, status: _s, ...stored } = res.body;
    expect(await t.store.getPostById(res.body.id)).toEqual(stored);
  });

  it("PUT /api/cms/update-post/:id answers the updated post", async () => {
    const post = await t.store.createPost(makePostInput());
    const next = makePostInput({ title: "Updated title", coverImage: "https://images.example/new.png" });
    const res = await api.update(post.id, next, admin).expect(200);
    expect(res.body).toMatchObject({
      id: post.id,
      title: "Updated title",
      slug: next.slug,
      coverImage: "https://images.example/new.png",
      createdAt: post.createdAt,
    });
  });

  it("POST /api/cms/delete-post/:id answers {success, id}; the post is gone", async () => {
    const post = await t.store.createPost(makePostInput());
    const res = await api.remove(post.id, admin).expect(200);
    expect(res.body).toEqual({ success: true, id: post.id });
    expect(await t.store.getPostById(post.id)).toBeUndefined();
    await api.remove(post.id, admin).expect(404);
  });

  it("GET /api/cms/posts lists every post, drafts too, newest first", async () => {
    const draft = await t.store.createPost(makePostInput({ published: false }));
    const res = await api.list(admin).expect(200).expect("cache-control", "no-store");
    expect(res.body.map((p: Post) => p.id)).toEqual((await t.store.listPosts()).map((p) => p.id));
    expect(res.body[0]).toMatchObject({ id: draft.id, published: false, content: draft.content });
  });

  it("POST /api/cms/tags answers 201 with the tag, 409 for a taken slug, 400 with the tag messages", async () => {
    const res = await api.tag({ name: "Airports", slug: "airports" }, admin).expect(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: "Airports", slug: "airports" });
    const taken = await api.tag({ name: "Airports again", slug: "airports" }, admin).expect(409);
    expect(taken.body).toEqual({
      message: tagSlugTakenMessage("airports"),
      errors: { slug: [tagSlugTakenMessage("airports")] },
    });
    const bad = await api.tag({ name: "A", slug: "Bad Tag" }, admin).expect(400);
    expect(bad.body).toEqual({
      message: POST_MESSAGES.formErrors,
      errors: { name: [TAG_MESSAGES.name], slug: [POST_MESSAGES.slugPattern] },
    });
    const short = await api.tag({ name: "Ab", slug: "a" }, admin).expect(400);
    expect(short.body.errors).toEqual({ slug: [TAG_MESSAGES.slugLength] });
  });
});

describe("validation (docs/product.md section 5)", () => {
  // Update is partial, but each field it sends is validated exactly as on create.
  const writes = [
    ["create", (_id: number, body: object) => api.create(body, admin)],
    ["update", (id: number, body: object) => api.update(id, body, admin)],
  ] as const;

  it("create: an empty form gets every required field's message", async () => {
    const res = await api.create({}, admin).expect(400);
    expect(res.body).toEqual({
      message: POST_MESSAGES.formErrors,
      errors: { title: [POST_MESSAGES.title], summary: [POST_MESSAGES.summary], content: [POST_MESSAGES.content] },
    });
  });

  it("update: a body with no post field is a 400 that says so, and changes nothing", async () => {
    const post = await t.store.createPost(makePostInput());
    for (const body of [{}, { unknown: "field" }]) {
      expect((await api.update(post.id, body, admin).expect(400)).body).toEqual({
        message: POST_MESSAGES.nothingToUpdate,
      });
    }
    expect(await t.store.getPostById(post.id)).toEqual(post);
  });

  it("update: every field left out keeps its value, title, summary and content included", async () => {
    const input = makePostInput({ published: false, coverImage: "https://img.example/cover.png", tags: ["Retail"] });
    const post = await t.store.createPost(input);
    const res = await api.update(post.id, { title: "Only the title changes" }, admin).expect(200);
    const stored = (await t.store.getPostById(post.id))!;
    expect(stored).toEqual({
      ...post,
      title: "Only the title changes",
      updatedAt: stored.updatedAt,
      updatedBy: adminUser.id,
    });
    expect(res.body).toMatchObject({
      title: "Only the title changes",
      slug: post.slug,
      published: false,
      content: post.content,
    });

    await api.update(post.id, { content: `<p onclick="x()">New words</p>${PADDING}` }, admin).expect(200);
    expect(await t.store.getPostById(post.id)).toMatchObject({
      title: "Only the title changes",
      summary: post.summary,
      content: `<p>New words</p>${PADDING}`,
    });
    await api.update(post.id, { coverImage: "" }, admin).expect(200); // "" removes the cover
    expect((await t.store.getPostById(post.id))!.coverImage).toBeUndefined();
    await api.update(post.id, { slug: "ab" }, admin).expect(200); // too short: made from the title, as on create
    expect((await t.store.getPostById(post.id))!.slug).toBe("only-the-title-changes");
  });

  it("update: a field sent alone is validated as on create", async () => {
    const { id } = await t.store.createPost(makePostInput());
    expect((await api.update(id, { title: "Four" }, admin).expect(400)).body).toEqual({
      message: POST_MESSAGES.formErrors,
      errors: { title: [POST_MESSAGES.title] },
    });
    expect((await api.update(id, { published: "yes" }, admin).expect(400)).body.errors).toEqual({
      published: [POST_MESSAGES.published],
    });
  });

  it.each(writes)("%s: each field gets its exact message", async (_, send) => {
    const { id } = await t.store.createPost(makePostInput());
    const cases: [object, string, string][] = [
      [{ title: "Four" }, "title", POST_MESSAGES.title],
      [{ summary: "Too short" }, "summary", POST_MESSAGES.summary],
      [{ content: "<p>Short content</p>" }, "content", POST_MESSAGES.content],
      [{ slug: "Bad Slug!" }, "slug", POST_MESSAGES.slugPattern],
      [{ slug: 42 }, "slug", POST_MESSAGES.slugLength],
      [{ coverImage: "javascript:alert(1)" }, "coverImage", POST_MESSAGES.coverImage],
      [{ published: "yes" }, "published", POST_MESSAGES.published],
      [{ tags: [""] }, "tags.0", POST_MESSAGES.tags],
    ];
    for (const [override, field, message] of cases) {
      const res = await send(id, { ...makePostInput(), ...override }).expect(400);
      expect(res.body, field).toEqual({ message: POST_MESSAGES.formErrors, errors: { [field]: [message] } });
    }
  });

  it("a body that is not JSON is a 415 or 400 with a clear message", async () => {
    const res = await request(t.app)
      .post("/api/cms/simple-create-post")
      .set("Cookie", admin)
      .type("form")
      .send("title=x")
      .expect(415);
    expect(res.body).toEqual({ message: JSON_BODY_MESSAGES.contentType });
    const malformed = await request(t.app)
      .post("/api/cms/simple-create-post")
      .set("Cookie", admin)
      .type("json")
      .send("{nope")
      .expect(400);
    expect(malformed.body).toEqual({ message: JSON_BODY_MESSAGES.malformed });
  });
});

describe("slugs", () => {
  it("generates the slug from the title when it is missing, empty or shorter than 3", async () => {
    const { slug: _, ...noSlug } = makePostInput({ title: "Why Queues Matter!" });
    expect((await api.create(noSlug, admin).expect(201)).body.slug).toBe("why-queues-matter");
    expect(
      (await api.create({ ...makePostInput({ title: "Lines & Waiting" }), slug: "" }, admin).expect(201)).body.slug,
    ).toBe("lines-waiting");
    expect(
      (await api.create({ ...makePostInput({ title: "Short slugs, long titles" }), slug: "ab" }, admin).expect(201))
        .body.slug,
    ).toBe("short-slugs-long-titles");
    expect(
      (await api.create({ ...makePostInput({ title: "¿¡ Ok !?" }), slug: "" }, admin).expect(201)).body.slug,
    ).toMatch(/^ok-\d{3}$/);
  });

  it("refuses a taken slug with 409 and the message on the slug field", async () => {
    const a = await t.store.createPost(makePostInput());
    const b = await t.store.createPost(makePostInput());
    const expected = { message: postSlugTakenMessage(a.slug), errors: { slug: [postSlugTakenMessage(a.slug)] } };
    expect((await api.create(makePostInput({ slug: a.slug }), admin).expect(409)).body).toEqual(expected);
    expect((await api.update(b.id, makePostInput({ slug: a.slug }), admin).expect(409)).body).toEqual(expected);
    expect((await t.store.getPostById(b.id))!.slug).toBe(b.slug);
  });
});

describe("published is honoured (docs/architecture.md section 5)", () => {
  /** Whether the post shows anywhere the public can see it. */
  async function publicly(post: { slug: string; title: string }) {
    const list = await request(t.app).get("/api/public/blog/posts").expect(200);
    const one = await request(t.app).get(`/api/public/blog/posts/${post.slug}`);
    const page = await request(t.app).get(`/blog/${post.slug}`);
    const blog = (await request(t.app).get("/blog").expect(200)).text;
    const rss = (await request(t.app).get("/rss.xml").expect(200)).text;
    const sitemap = (await request(t.app).get("/sitemap.xml").expect(200)).text;
    return {
      list: list.body.some((p: Post) => p.slug === post.slug),
      api: one.status,
      page: page.status,
      blog: blog.includes(`href="/blog/${post.slug}"`),
      rss: rss.includes(`/blog/${post.slug}<`),
      sitemap: sitemap.includes(`/blog/${post.slug}<`),
    };
  }
  const hidden = { list: false, api: 404, page: 404, blog: false, rss: false, sitemap: false };
  const shown = { list: true, api: 200, page: 200, blog: true, rss: true, sitemap: true };

  it("published:false stays a draft, off every public page; switching it to true shows it, and back hides it", async () => {
    const input = makePostInput({ title: "Draft to be published", published: false });
    const draft = await api.create(input, admin).expect(201);
    expect(draft.body.published).toBe(false);
    expect(await publicly(input)).toEqual(hidden);
    const notFound = await request(t.app).get(`/blog/${input.slug}`).expect(404);
    expect(notFound.text).toContain(BLOG_MESSAGES.notFoundTitle);

    await api.update(draft.body.id, { ...input, published: true }, admin).expect(200);
    expect(await publicly(input)).toEqual(shown);
    await api.update(draft.body.id, { ...input, published: false }, admin).expect(200);
    expect(await publicly(input)).toEqual(hidden);
  });

  it("a post created without published is a draft; published:true still publishes at once", async () => {
    const { published: _, ...input } = makePostInput();
    expect((await api.create(input, admin).expect(201)).body.published).toBe(false);
    expect(await publicly(input)).toEqual(hidden);
    const sent = makePostInput({ published: true });
    expect((await api.create(sent, admin).expect(201)).body.published).toBe(true);
    expect(await publicly(sent)).toEqual(shown);
  });
});

describe("content is stored sanitized (docs/architecture.md section 5)", () => {
  it("an XSS payload is cleaned before it is stored; a YouTube embed survives", async () => {
    const content = `<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">link</a><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><iframe src="https://evil.example/embed/x"></iframe>${PADDING}`;
    const res = await api.create(makePostInput({ content }), admin).expect(201);
    const stored = (await t.store.getPostById(res.body.id))!.content;
    expect(stored).not.toMatch(/<script|onerror|javascript:|alert|evil\.example/);
    expect(stored).toContain(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player"></iframe>',
    );
    expect(stored).toContain(PADDING);
    expect(res.body.content).toBe(stored);

    const updated = await api
      .update(res.body.id, makePostInput({ content: `<p onmouseover="alert(1)">Hover</p>${PADDING}` }), admin)
      .expect(200);
    expect((await t.store.getPostById(res.body.id))!.content).toBe(`<p>Hover</p>${PADDING}`);
    expect(updated.body.content).toBe(`<p>Hover</p>${PADDING}`);
  });
});

describe("ids", () => {
  it.each(["abc", "0", "-1", "1.5", "1e3"])("%s is a 400 Invalid post ID", async (id) => {
    const expected = { message: POST_MESSAGES.invalidId, errors: { id: [POST_MESSAGES.invalidId] } };
    expect((await api.update(id, makePostInput(), admin).expect(400)).body).toEqual(expected);
    expect((await api.remove(id, admin).expect(400)).body).toEqual(expected);
  });

  it("a missing post is a 404", async () => {
    const expected = { message: postNotFoundMessage(999999) };
    expect((await api.update(999999, makePostInput(), admin).expect(404)).body).toEqual(expected);
    expect((await api.remove(999999, admin).expect(404)).body).toEqual(expected);
  });
});

describe("tags on posts", () => {
  it("attach on create, show on the public post, are replaced when sent and kept when not", async () => {
    const input = makePostInput({ tags: ["Healthcare", "Queue Tips"] });
    const res = await api.create(input, writer).expect(201);
    expect(res.body.tags).toEqual([
      { id: expect.any(Number), name: "Healthcare", slug: "healthcare" },
      { id: expect.any(Number), name: "Queue Tips", slug: "queue-tips" },
    ]);
    const pub = await request(t.app).get(`/api/public/blog/posts/${input.slug}`).expect(200);
    expect(pub.body.tags.map((tag: { slug: string }) => tag.slug)).toEqual(["healthcare", "queue-tips"]);
    expect((await request(t.app).get(`/blog/${input.slug}`).expect(200)).text).toContain('href="/blog?tag=queue-tips"');

    const { tags: _, ...withoutTags } = input;
    expect((await api.update(res.body.id, withoutTags, writer).expect(200)).body.tags).toEqual(res.body.tags);
    const replaced = await api.update(res.body.id, { ...input, tags: ["Retail"] }, writer).expect(200);
    expect(replaced.body.tags.map((tag: { slug: string }) => tag.slug)).toEqual(["retail"]);
  });
});

describe("old posts", () => {
  it("a post with only an excerpt lists it as its summary and keeps it through an update", async () => {
    const base = await t.store.createPost(makePostInput());
    await t.store.deletePost(base.id);
    await t.store.restorePosts([
      { ...base, id: 5000, slug: "legacy-excerpt-post", summary: "", excerpt: "An excerpt from long ago." },
    ]);
    const listed = (await api.list(admin).expect(200)).body.find((p: Post) => p.id === 5000);
    expect(listed.summary).toBe("An excerpt from long ago.");

    await api
      .update(5000, makePostInput({ slug: "legacy-excerpt-post", summary: "A brand new summary." }), admin)
      .expect(200);
    const stored = (await t.store.getPostById(5000))!;
    expect(stored).toMatchObject({ summary: "A brand new summary.", excerpt: "An excerpt from long ago." });
  });
});
