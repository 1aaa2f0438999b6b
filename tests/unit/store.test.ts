import { afterEach, describe, expect, it, vi } from "vitest";
import { ConflictError, NotFoundError } from "../../src/server/errors";
import { openJsonStore, STORE_CLOSED_MESSAGE } from "../../src/server/store/json-store";
import { postNotFoundMessage, postSlugTakenMessage } from "../../src/server/store/post-changes";
import { tagSlugTakenMessage, usernameTakenMessage } from "../../src/server/store/record-changes";
import type { Post, Store } from "../../src/server/store/types";
import { makePostInput } from "../helpers/factories";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

const open: Store[] = [];
async function emptyStore() {
  const store = await openJsonStore(makeTempDir("store-"), { seed: false });
  open.push(store);
  return store;
}
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(open.splice(0).map((s) => s.close()));
  await removeTempDirs();
});

/** The error's class and exact message: the API layer shows the message to people. */
async function expectRejection(
  promise: Promise<unknown>,
  type: new (...args: never[]) => Error,
  message?: string,
) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  if (message !== undefined) expect((error as Error).message).toBe(message);
}

const post = (id: number, createdAt: string, published = true): Post => ({
  id,
  title: `Post ${id}`,
  slug: `post-${id}`,
  summary: "A summary.",
  content: "<p>Body</p>",
  published,
  createdAt,
  updatedAt: createdAt,
  tags: [],
});

describe("posts", () => {
  it("lists newest first by createdAt, then id, and can leave out drafts", async () => {
    const store = await emptyStore();
    await store.restorePosts([
      post(1, "2026-01-01T00:00:00.000Z"),
      post(2, "2026-03-01T00:00:00.000Z", false),
      post(3, "2026-02-01T00:00:00.000Z"),
      post(4, "2026-01-01T00:00:00.000Z"),
    ]);
    expect((await store.listPosts()).map((p) => p.id)).toEqual([2, 3, 4, 1]);
    expect((await store.listPosts({ publishedOnly: true })).map((p) => p.id)).toEqual([3, 4, 1]);
  });

  it("creates, finds, updates and deletes, with typed errors", async () => {
    const store = await emptyStore();
    const created = await store.createPost(
      makePostInput({ slug: "hello-queues", coverImage: "https://x.test/a.png" }),
    );
    expect(created).toMatchObject({ id: 1, slug: "hello-queues", coverImage: "https://x.test/a.png" });
    expect(created.createdAt).toBe(created.updatedAt);
    expect(await store.getPostBySlug("hello-queues")).toEqual(created);

    await expectRejection(
      store.createPost(makePostInput({ slug: "hello-queues" })),
      ConflictError,
      postSlugTakenMessage("hello-queues"),
    );
    const other = await store.createPost(makePostInput());
    await expectRejection(store.updatePost(other.id, { slug: "hello-queues" }), ConflictError);

    // A minute later by the clock (only Date is faked; the file writes run as usual).
    const later = new Date(Date.parse(created.updatedAt) + 60_000);
    vi.useFakeTimers({ toFake: ["Date"], now: later });
    const updated = await store.updatePost(created.id, {
      title: "Renamed",
      coverImage: "",
      slug: "hello-queues",
    });
    expect(updated).toMatchObject({
      title: "Renamed",
      createdAt: created.createdAt,
      summary: created.summary,
    });
    expect(updated).not.toHaveProperty("coverImage");
    expect(updated.updatedAt).toBe(later.toISOString());

    await expectRejection(store.updatePost(999, { title: "Nope" }), NotFoundError, postNotFoundMessage(999));
    await expectRejection(store.deletePost(999), NotFoundError, postNotFoundMessage(999));
    expect(await store.deletePost(created.id)).toEqual(updated);
    expect(await store.getPostById(created.id)).toBeUndefined();
    expect(await store.getPostBySlug("hello-queues")).toBeUndefined();
  });

  it("matches tag names to tags by slug and creates new ones once", async () => {
    const store = await emptyStore();
    const first = await store.createPost(makePostInput({ tags: ["Retail", " retail ", "Wait Times!"] }));
    expect(first.tags).toEqual([
      { id: 1, name: "Retail", slug: "retail" },
      { id: 2, name: "Wait Times!", slug: "wait-times" },
    ]);
    const second = await store.createPost(makePostInput({ tags: ["wait times", "Café"] }));
    expect(second.tags.map((t) => [t.id, t.slug])).toEqual([
      [2, "wait-times"],
      [3, "cafe"],
    ]);
    expect((await store.listTags()).map((t) => t.name)).toEqual(["Café", "Retail", "Wait Times!"]);
    await expectRejection(
      store.createTag({ name: "Retail again", slug: "retail" }),
      ConflictError,
      tagSlugTakenMessage("retail"),
    );
    expect(await store.createTag({ name: "Banks", slug: "banks" })).toEqual({
      id: 4,
      name: "Banks",
      slug: "banks",
    });
  });

  it("answers frozen records, in arrays the caller may reorder", async () => {
    const store = await emptyStore();
    await store.createPost(makePostInput({ tags: ["Retail"] }));
    const list = await store.listPosts();
    expect(Object.isFrozen(list[0])).toBe(true);
    expect(Object.isFrozen(list[0]!.tags[0])).toBe(true);
    expect(() => {
      (list[0] as Post).title = "changed";
    }).toThrow(TypeError);
    list.reverse().push(list[0]!);
    expect(await store.listPosts()).toHaveLength(1);
  });
});

describe("users and messages", () => {
  it("keeps usernames unique regardless of case", async () => {
    const store = await emptyStore();
    const admin = await store.createUser({
      username: "Admin",
      role: "admin",
      passwordHash: "scrypt$1$2$3$salt$hash",
    });
    expect(admin).toMatchObject({ id: 1, username: "Admin", role: "admin" });
    await expectRejection(
      store.createUser({ username: "admin", role: "writer", passwordHash: "scrypt$1$2$3$salt$hash" }),
      ConflictError,
      usernameTakenMessage("admin"),
    );
    expect(await store.getUserByUsername("ADMIN")).toEqual(admin);
    expect(await store.getUserById(1)).toEqual(admin);
    expect(await store.countUsers()).toBe(1);
  });

  it("appends messages with an id and a time, newest first", async () => {
    const store = await emptyStore();
    const input = { name: "Ada", email: "ada@example.com", message: "Hello there, queues!", ip: "127.0.0.1" };
    const first = await store.addMessage(input);
    const second = await store.addMessage({ ...input, company: "Acme" });
    expect(first).toMatchObject({ id: 1, ...input });
    expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
    expect((await store.listMessages()).map((m) => m.id)).toEqual([second.id, first.id]);
  });
});

describe("change listeners and closing", () => {
  it("tells listeners what changed after each committed write", async () => {
    const store = await emptyStore();
    const kinds: string[] = [];
    const stop = store.onChange((kind) => kinds.push(kind));
    await store.createPost(makePostInput({ tags: ["New"] }));
    await store.addMessage({ name: "A", email: "a@b.c", message: "Hello", ip: "::1" });
    // A refused write commits nothing, so listeners hear nothing of it.
    const taken = (await store.listPosts())[0]!.slug;
    await expect(store.createPost(makePostInput({ slug: taken }))).rejects.toBeInstanceOf(ConflictError);
    stop();
    await store.createPost(makePostInput());
    expect(kinds).toEqual(["tags", "posts", "messages"]);
  });

  it("waits for queued writes, then refuses every call", async () => {
    const dir = makeTempDir("store-");
    const store = await openJsonStore(dir, { seed: false });
    const pending = store.createPost(makePostInput({ slug: "last-words" }));
    await store.close();
    await expect(pending).resolves.toMatchObject({ slug: "last-words" });
    await expect(store.listPosts()).rejects.toThrow(STORE_CLOSED_MESSAGE);
    await expect(store.createPost(makePostInput())).rejects.toThrow(STORE_CLOSED_MESSAGE);
    const reopened = await openJsonStore(dir);
    open.push(reopened);
    expect((await reopened.listPosts()).map((p) => p.slug)).toEqual(["last-words"]);
  });
});
