import { afterEach, describe, expect, it, vi } from "vitest";
import { ConflictError, NotFoundError, ValidationError } from "~/server/http/errors";
import * as content from "~/server/posts/content";
import { contentOf } from "~/server/posts/post-view";
import { searchPosts } from "~/server/posts/post-search";
import { createPostService, parsePostId } from "~/server/posts/posts";
import { postSlugTakenMessage } from "~/server/posts/post-changes";
import { postNotFoundMessage } from "~/server/posts/post-lifecycle";
import { tagSlugTakenMessage } from "~/server/tags/tag-changes";
import type { Post } from "~/server/store/types";
import { POSTS_PAGE_SIZE } from "~/shared/post-query";
import { POST_MESSAGES, TAG_MESSAGES } from "~/shared/schemas";
import { makePostInput } from "../helpers/factories";
import { closeStores, storeOf } from "../helpers/cli";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

async function service() {
  const store = await storeOf(makeTempDir("posts-"), { seed: false });
  return { store, posts: createPostService(store) };
}
afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

/** The rejection, checked for its class; answers it so tests can look at its fields. */
async function rejection<E extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

const PADDING = "<p>Enough words here to pass the fifty character minimum.</p>";

describe("create", () => {
  it("stores a valid post and answers it with its id, timestamps and tags", async () => {
    const { store, posts } = await service();
    const input = makePostInput({ tags: ["Healthcare", "Queue Tips"], coverImage: "https://images.example/c.png" });
    const post = await posts.create(input);
    expect(post).toMatchObject({
      id: 1,
      title: input.title,
      slug: input.slug,
      summary: input.summary,
      published: true,
      coverImage: "https://images.example/c.png",
    });
    expect(post.tags.map((t) => t.slug)).toEqual(["healthcare", "queue-tips"]);
    // The answer adds where the post stands (post-status.ts), worked out rather than stored.
    expect({ ...(await store.getPostById(post.id)), status: "published" }).toEqual(post);
  });

  it("answers every docs/product.md section 5 message at once for an empty form", async () => {
    const { posts } = await service();
    for (const input of [{}, null, [], "text"]) {
      const error = await rejection(posts.create(input), ValidationError);
      expect(error.message).toBe(POST_MESSAGES.formErrors);
      expect(error.errors).toEqual({
        title: [POST_MESSAGES.title],
        summary: [POST_MESSAGES.summary],
        content: [POST_MESSAGES.content],
      });
    }
  });

  it("checks each field with its message from docs/product.md section 5", async () => {
    const { posts } = await service();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "Four" }, "title", POST_MESSAGES.title],
      [{ title: "     x   " }, "title", POST_MESSAGES.title],
      [{ summary: "Too short" }, "summary", POST_MESSAGES.summary],
      [{ content: "<p>Short</p>" }, "content", POST_MESSAGES.content],
      [{ slug: "Bad Slug!" }, "slug", POST_MESSAGES.slugPattern],
      [{ slug: "double--hyphen" }, "slug", POST_MESSAGES.slugPattern],
      [{ slug: 123 }, "slug", POST_MESSAGES.slugLength],
      [{ coverImage: "javascript:alert(1)" }, "coverImage", POST_MESSAGES.coverImage],
      [{ coverImage: "/\\evil.example/x.png" }, "coverImage", POST_MESSAGES.coverImage],
      [{ coverImage: "//evil.example/x.png" }, "coverImage", POST_MESSAGES.coverImage],
      [{ published: "false" }, "published", POST_MESSAGES.published],
      [{ tags: "news" }, "tags", POST_MESSAGES.tags],
    ];
    for (const [override, field, message] of cases) {
      const error = await rejection(posts.create({ ...makePostInput(), ...override }), ValidationError);
      expect(error.errors, field).toEqual({ [field]: [message] });
    }
  });

  it("generates the slug from the title when it is missing, empty or shorter than 3", async () => {
    const { posts } = await service();
    for (const [i, slug] of [undefined, null, "", "  ", "ab"].entries()) {
      const post = await posts.create({ ...makePostInput({ title: `Hello, Queue World ${i}!` }), slug });
      expect(post.slug).toBe(`hello-queue-world-${i}`);
    }
    const short = await posts.create({ ...makePostInput({ title: "¿¡ Ok !?" }), slug: "" });
    expect(short.slug).toMatch(/^ok-\d{3}$/);
  });

  it("refuses a taken slug, typed or generated, with a 409 on the slug field", async () => {
    const { posts } = await service();
    const first = await posts.create({ ...makePostInput({ title: "Same title here" }), slug: "" });
    expect(first.slug).toBe("same-title-here");
    for (const input of [
      makePostInput({ slug: first.slug }),
      { ...makePostInput({ title: "Same title here" }), slug: "" },
    ]) {
      const error = await rejection(posts.create(input), ConflictError);
      expect(error.status).toBe(409);
      expect(error.errors).toEqual({ slug: [postSlugTakenMessage(first.slug)] });
    }
  });

  it("honours published exactly, a draft when left out (docs/decisions/101-drafts-until-published.md)", async () => {
    const { posts } = await service();
    expect((await posts.create(makePostInput({ published: false }))).published).toBe(false);
    expect((await posts.create(makePostInput({ published: true }))).published).toBe(true);
    const { published: _, ...withoutPublished } = makePostInput();
    expect((await posts.create(withoutPublished)).published).toBe(false);
  });

  it("stores content sanitized, keeps YouTube embeds, and counts 50 characters before and after sanitizing", async () => {
    const { store, posts } = await service();
    const content = `<img src=x onerror=alert(1)><script>alert(1)</script><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>${PADDING}`;
    const post = await posts.create(makePostInput({ content }));
    const stored = (await store.getPostById(post.id))!.content;
    expect(stored).not.toMatch(/<script|onerror|alert/);
    expect(stored).toContain(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player"></iframe>',
    );
    expect(stored).toContain(PADDING);
    // 50+ characters sent, almost nothing left after sanitizing: refused with the usual message.
    const before = (await store.listPosts()).length;
    const emptied = [`<p>Hi</p><script>${"x".repeat(60)}</script>`, `<style>${"p{}".repeat(20)}</style><p>ok</p>`];
    for (const content of emptied) {
      const error = await rejection(posts.create(makePostInput({ content })), ValidationError);
      expect(error.errors).toEqual({ content: [POST_MESSAGES.content] });
    }
    const [first] = await store.listPosts();
    const scriptOnly = { ...makePostInput(), content: `<script>${"x".repeat(60)}</script>` };
    const update = await rejection(posts.update(first!.id, scriptOnly), ValidationError);
    expect(update.errors).toEqual({ content: [POST_MESSAGES.content] });
    expect(await store.listPosts()).toHaveLength(before);
  });

  it("stores an empty coverImage as none and ignores fields a writer does not own", async () => {
    const { store, posts } = await service();
    const post = await posts.create({
      ...makePostInput({ coverImage: "" }),
      id: 99,
      createdAt: "2000-01-01T00:00:00.000Z",
      excerpt: "sneaky",
    });
    const stored = (await store.getPostById(post.id))!;
    expect(stored.id).toBe(1);
    expect("coverImage" in stored).toBe(false);
    expect("excerpt" in stored).toBe(false);
    expect(stored.createdAt).not.toBe("2000-01-01T00:00:00.000Z");
  });
});

describe("update", () => {
  it("checks each field sent like create, and only those", async () => {
    const { posts } = await service();
    const post = await posts.create(makePostInput());
    const error = await rejection(posts.update(post.id, { title: "Four" }), ValidationError);
    expect(error.errors).toEqual({ title: [POST_MESSAGES.title] });
    const nothing = await rejection(posts.update(post.id, {}), ValidationError);
    expect(nothing.message).toBe(POST_MESSAGES.nothingToUpdate);
    const slugError = await rejection(
      posts.update(post.id, { ...makePostInput(), slug: "Bad Slug!" }),
      ValidationError,
    );
    expect(slugError.errors).toEqual({ slug: [POST_MESSAGES.slugPattern] });
  });

  it("replaces what is sent and sanitizes the content", async () => {
    const { posts } = await service();
    const post = await posts.create(makePostInput({ tags: ["Retail"] }));
    const next = makePostInput({
      title: "A better title",
      content: `<p onclick="x()">Changed</p>${PADDING}`,
      published: false,
      tags: ["Airports"],
    });
    const updated = await posts.update(post.id, next);
    expect(updated).toMatchObject({
      id: post.id,
      title: "A better title",
      slug: next.slug,
      summary: next.summary,
      published: false,
      createdAt: post.createdAt,
    });
    expect(updated.content).toBe(`<p>Changed</p>${PADDING}`);
    expect(updated.tags.map((t) => t.slug)).toEqual(["airports"]);
  });

  it("sanitizes the content once and looks the post up only inside the store's write", async () => {
    const { store, posts } = await service();
    const post = await posts.create(makePostInput());
    const sanitize = vi.spyOn(content, "sanitizeContent");
    const lookup = vi.spyOn(store, "getPostById");
    // Text no other test sends: content sanitized lately is remembered by its text (post-view.ts).
    const updated = await posts.update(post.id, { content: `<p onclick="x()">Changed once</p>${PADDING}` });
    // The blog reads the stored post after the write: its sanitized content is already known.
    expect(contentOf((await store.getPostById(post.id))!)).toBe(updated.content);
    expect(sanitize).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledTimes(1); // the blog's read above, none by the update
    sanitize.mockRestore();
  });

  it("keeps the slug, published, coverImage and tags when they are not sent", async () => {
    const { posts } = await service();
    const post = await posts.create(
      makePostInput({ published: false, coverImage: "https://images.example/c.png", tags: ["Retail"] }),
    );
    const { title, summary, content } = makePostInput({ title: "Only the basics" });
    const updated = await posts.update(post.id, { title, summary, content });
    expect(updated).toMatchObject({
      slug: post.slug,
      published: false,
      coverImage: "https://images.example/c.png",
      tags: post.tags,
    });
  });

  it("removes the cover image when it is sent empty, and the tags when an empty list is sent", async () => {
    const { posts } = await service();
    const post = await posts.create(makePostInput({ coverImage: "https://images.example/c.png", tags: ["Retail"] }));
    const updated = await posts.update(post.id, { ...makePostInput(), coverImage: "", tags: [] });
    expect("coverImage" in updated).toBe(false);
    expect(updated.tags).toEqual([]);
  });

  it("replaces a slug shorter than 3 with one generated from the title, and keeps its own slug", async () => {
    const { posts } = await service();
    const post = await posts.create(makePostInput());
    expect((await posts.update(post.id, { ...makePostInput({ title: "Fresh new title" }), slug: "x" })).slug).toBe(
      "fresh-new-title",
    );
    expect((await posts.update(post.id, { ...makePostInput(), slug: "fresh-new-title" })).slug).toBe("fresh-new-title");
  });

  it("refuses another post's slug with a 409 on the slug field", async () => {
    const { posts } = await service();
    const [a, b] = [await posts.create(makePostInput()), await posts.create(makePostInput())];
    const error = await rejection(posts.update(b.id, makePostInput({ slug: a.slug })), ConflictError);
    expect(error.errors).toEqual({ slug: [postSlugTakenMessage(a.slug)] });
  });

  it("keeps an old post's excerpt", async () => {
    const { store, posts } = await service();
    const old = legacyPost();
    await store.restorePosts([old]);
    await posts.update(old.id, makePostInput({ slug: old.slug }));
    expect((await store.getPostById(old.id))!.excerpt).toBe(old.excerpt);
  });
});

describe("ids", () => {
  it("refuses an id that is not a positive integer, and answers 404 for a missing post", async () => {
    const { posts } = await service();
    for (const id of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      for (const call of [posts.update(id, makePostInput()), posts.remove(id)]) {
        const error = await rejection(call, ValidationError);
        expect(error.message).toBe(POST_MESSAGES.invalidId);
      }
    }
    for (const call of [posts.update(42, makePostInput()), posts.remove(42)]) {
      expect((await rejection(call, NotFoundError)).message).toBe(postNotFoundMessage(42));
    }
  });

  it("parsePostId reads digits only", () => {
    expect(parsePostId("42")).toBe(42);
    for (const param of ["", "abc", "-1", "1.5", "0x10", "1e3", " 7", undefined]) expect(parsePostId(param)).toBeNaN();
  });
});

describe("listAll and remove", () => {
  it("lists every post, drafts too, newest first, with excerpt as the summary fallback and content sanitized", async () => {
    const { store, posts } = await service();
    await store.restorePosts([{ ...legacyPost(), content: `<p>Old</p><script>alert(1)</script>` }]);
    const draft = await posts.create(makePostInput({ published: false }));
    const live = await posts.create(makePostInput());
    const list = await posts.listAll();
    expect(list.map((p) => p.id)).toEqual([live.id, draft.id, 7]);
    expect(list[2]).toMatchObject({ summary: "An excerpt from long ago.", content: "<p>Old</p>" });
  });

  it("removes a post and answers it", async () => {
    const { store, posts } = await service();
    const post = await posts.create(makePostInput());
    expect((await posts.remove(post.id)).id).toBe(post.id);
    expect(await store.getPostById(post.id)).toBeUndefined();
  });
});

describe("createTag", () => {
  it("creates a tag, refuses a taken slug with 409 and bad input with the tag messages", async () => {
    const { posts } = await service();
    expect(await posts.createTag({ name: "Airports", slug: "airports" })).toEqual({
      id: 1,
      name: "Airports",
      slug: "airports",
    });
    const taken = await rejection(posts.createTag({ name: "Airports again", slug: "airports" }), ConflictError);
    expect(taken.errors).toEqual({ slug: [tagSlugTakenMessage("airports")] });
    const bad = await rejection(posts.createTag({ name: "A", slug: "b" }), ValidationError);
    expect(bad.errors).toEqual({ name: [TAG_MESSAGES.name], slug: [TAG_MESSAGES.slugLength] });
    const pattern = await rejection(posts.createTag({ name: "Bad tag", slug: "Bad Tag" }), ValidationError);
    expect(pattern.errors).toEqual({ slug: [POST_MESSAGES.slugPattern] });
  });
});

/** An old post carrying `excerpt` instead of `summary` (docs/product.md section 3). */
function legacyPost(): Post {
  return {
    id: 7,
    title: "Legacy post",
    slug: "legacy-post",
    summary: "",
    excerpt: "An excerpt from long ago.",
    content: "<p>Old content</p>",
    published: true,
    createdAt: "2020-01-01T00:00:00.000Z",
    updatedAt: "2020-01-01T00:00:00.000Z",
    tags: [],
  };
}

describe("the admin list", () => {
  it("builds the rows of its page without content: nothing sanitized, each row as the CMS shows it", async () => {
    const { store } = await service();
    for (let i = 0; i < POSTS_PAGE_SIZE + 5; i++) await store.createPost(makePostInput());
    const sanitize = vi.spyOn(content, "sanitizeContent");
    const page = await searchPosts(store, {});
    expect(sanitize).not.toHaveBeenCalled();
    sanitize.mockRestore();
    const { content: _content, ...newest } = (await store.listPosts())[0]!;
    expect(page.posts).toHaveLength(POSTS_PAGE_SIZE);
    expect(page.posts[0]).toEqual({ ...newest, status: "published" });
    expect(page.counts).toEqual({ all: POSTS_PAGE_SIZE + 5, published: POSTS_PAGE_SIZE + 5, drafts: 0 });
  });
});
