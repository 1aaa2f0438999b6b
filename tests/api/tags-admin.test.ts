import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { PERMISSION_MESSAGES } from "~/shared/permissions";
import { TAG_MERGE_SELF_MESSAGE } from "~/server/tags/tag-changes";
import { TAGS_MESSAGES } from "~/shared/tags";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
let admin: string;
beforeEach(async () => {
  admin = (await signedIn(t, "admin")).cookie;
});

const tagId = async (slug: string) => (await t.store.listTags()).find((tag) => tag.slug === slug)!.id;
const tagsOf = async (postId: number) => (await t.store.getPostById(postId))!.tags.map((tag) => tag.slug);

describe("GET /api/admin/tags", () => {
  it("lists every tag with its post count, drafts included, for any signed-in user", async () => {
    await t.store.createPost(makePostInput({ tags: ["Retail", "Product"] }));
    await t.store.createPost(makePostInput({ tags: ["Retail"], published: false }));
    await t.store.createTag({ name: "Unused", slug: "unused" });
    const writer = (await signedIn(t, "writer")).cookie;
    const res = await request(t.app).get("/api/admin/tags").set("Cookie", writer).expect(200);
    expect(res.body.tags).toEqual([
      { id: expect.any(Number), name: "Product", slug: "product", posts: 1 },
      { id: expect.any(Number), name: "Retail", slug: "retail", posts: 2 },
      { id: expect.any(Number), name: "Unused", slug: "unused", posts: 0 },
    ]);
    await request(t.app).get("/api/admin/tags").expect(401);
  });
});

describe("PATCH /api/admin/tags/{id} (rename)", () => {
  it("renames the tag on every post; the slug follows and the old tag URL answers 301", async () => {
    const post = await t.store.createPost(makePostInput({ tags: ["Retial", "Product"] }));
    const id = await tagId("retial");
    const res = await request(t.app)
      .patch(`/api/admin/tags/${id}`)
      .set("Cookie", admin)
      .send({ name: "Retail" })
      .expect(200);
    expect(res.body).toEqual({ id, name: "Retail", slug: "retail" });
    expect((await t.store.getPostById(post.id))!.tags).toEqual([
      { id, name: "Retail", slug: "retail" },
      expect.objectContaining({ slug: "product" }),
    ]);

    const moved = await request(t.app).get("/blog?tag=retial").expect(301);
    expect(moved.headers.location).toBe("/blog?tag=retail");
    const page = await request(t.app).get("/blog?tag=retail").expect(200);
    expect(page.text).toContain(post.title);
    // Renamed again, both old addresses lead to the newest slug.
    await request(t.app).patch(`/api/admin/tags/${id}`).set("Cookie", admin).send({ name: "Shops" }).expect(200);
    expect((await request(t.app).get("/blog?tag=retial").expect(301)).headers.location).toBe("/blog?tag=shops");
    expect((await request(t.app).get("/blog?tag=retail&page=2").expect(301)).headers.location).toBe(
      "/blog?tag=shops&page=2",
    );
    // A post tagged with an old name again gets the live tag: no redirect hides it.
    await t.store.createPost(makePostInput({ tags: ["Retail"] }));
    await request(t.app).get("/blog?tag=retail").expect(200);
  });

  it.each([
    ["no name", {}, TAGS_MESSAGES.nameRequired],
    ["a name with no letters or digits", { name: "!!" }, TAGS_MESSAGES.nameRequired],
    ["a name over 50 characters", { name: "x".repeat(51) }, TAGS_MESSAGES.nameTooLong],
    ["an unknown field", { name: "Retail", slug: "shops" }, undefined],
  ])("refuses %s with 400", async (_, body, message) => {
    const post = await t.store.createPost(makePostInput({ tags: ["Retail"] }));
    const res = await request(t.app)
      .patch(`/api/admin/tags/${await tagId("retail")}`)
      .set("Cookie", admin)
      .send(body)
      .expect(400);
    if (message) expect(res.body.message).toBe(message);
    expect(await tagsOf(post.id)).toEqual(["retail"]);
  });

  it("answers 409 for a name whose slug another tag has, 404 for a missing tag, 400 for a bad id", async () => {
    await t.store.createPost(makePostInput({ tags: ["Retail", "Shops"] }));
    await request(t.app)
      .patch(`/api/admin/tags/${await tagId("shops")}`)
      .set("Cookie", admin)
      .send({ name: "retail" })
      .expect(409);
    const missing = await request(t.app)
      .patch("/api/admin/tags/999")
      .set("Cookie", admin)
      .send({ name: "Any" })
      .expect(404);
    expect(missing.body.message).toBe(TAGS_MESSAGES.notFound(999));
    const bad = await request(t.app).patch("/api/admin/tags/x1").set("Cookie", admin).send({ name: "Any" }).expect(400);
    expect(bad.body.message).toBe(TAGS_MESSAGES.invalidId);
  });
});

describe("POST /api/admin/tags/{id}/merge", () => {
  it("moves every post to the other tag once, removes the merged tag and redirects its URL", async () => {
    const both = await t.store.createPost(makePostInput({ tags: ["Retial", "Retail"] }));
    const one = await t.store.createPost(makePostInput({ tags: ["Product", "Retial"] }));
    const into = await tagId("retail");
    const res = await request(t.app)
      .post(`/api/admin/tags/${await tagId("retial")}/merge`)
      .set("Cookie", admin)
      .send({ into })
      .expect(200);
    expect(res.body).toEqual({ id: into, name: "Retail", slug: "retail" });
    expect(await tagsOf(both.id)).toEqual(["retail"]);
    expect(await tagsOf(one.id)).toEqual(["product", "retail"]);
    expect((await t.store.listTags()).map((tag) => tag.slug)).toEqual(["product", "retail"]);
    expect((await request(t.app).get("/blog?tag=retial").expect(301)).headers.location).toBe("/blog?tag=retail");
  });

  it("refuses merging a tag into itself, a missing target and a bad body", async () => {
    await t.store.createPost(makePostInput({ tags: ["Retail"] }));
    const id = await tagId("retail");
    const self = await request(t.app)
      .post(`/api/admin/tags/${id}/merge`)
      .set("Cookie", admin)
      .send({ into: id })
      .expect(400);
    expect(self.body.message).toBe(TAG_MERGE_SELF_MESSAGE);
    await request(t.app).post(`/api/admin/tags/${id}/merge`).set("Cookie", admin).send({ into: 999 }).expect(404);
    const bad = await request(t.app)
      .post(`/api/admin/tags/${id}/merge`)
      .set("Cookie", admin)
      .send({ into: "retail" })
      .expect(400);
    expect(bad.body.message).toBe(TAGS_MESSAGES.intoRequired);
  });
});

describe("DELETE /api/admin/tags/{id}", () => {
  it("removes the tag; its posts keep their other tags", async () => {
    const post = await t.store.createPost(makePostInput({ tags: ["Retail", "Product"] }));
    const id = await tagId("retail");
    await request(t.app).delete(`/api/admin/tags/${id}`).set("Cookie", admin).expect(200, { success: true, id });
    expect(await tagsOf(post.id)).toEqual(["product"]);
    expect((await t.store.listTags()).map((tag) => tag.slug)).toEqual(["product"]);
    // No post carries it any more: an unknown tag (docs/decisions/007-public-tags-and-not-found-pages.md).
    await request(t.app).get("/blog?tag=retail").expect(404);
    await request(t.app).delete(`/api/admin/tags/${id}`).set("Cookie", admin).expect(404);
  });
});

describe("tag writes", () => {
  it("need an admin (401, 403) and a same-origin request (403), and change nothing otherwise", async () => {
    const post = await t.store.createPost(makePostInput({ tags: ["Retail", "Product"] }));
    const id = await tagId("retail");
    const into = await tagId("product");
    const writer = (await signedIn(t, "writer")).cookie;
    const calls = [
      () => request(t.app).patch(`/api/admin/tags/${id}`).send({ name: "Shops" }),
      () => request(t.app).post(`/api/admin/tags/${id}/merge`).send({ into }),
      () => request(t.app).delete(`/api/admin/tags/${id}`),
    ];
    for (const call of calls) {
      await call().expect(401);
      expect((await call().set("Cookie", writer).expect(403)).body.message).toBe(PERMISSION_MESSAGES.forbidden);
      expect((await call().set("Cookie", admin).set("Origin", "https://evil.example").expect(403)).body.message).toBe(
        AUTH_MESSAGES.crossOrigin,
      );
      await call().set("Cookie", admin).set("Sec-Fetch-Site", "cross-site").expect(403);
    }
    expect(await tagsOf(post.id)).toEqual(["retail", "product"]);
  });
});
