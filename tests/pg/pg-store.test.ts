import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { ConflictError } from "~/server/http/errors";
import type { Store } from "~/server/records/store";
import { expectRejection, storeContract } from "../contract/store-contract";
import { makePostInput } from "../helpers/factories";
import { startPostgres, type RunningPostgres } from "../helpers/postgres";
import { openPgStore } from "~/server/records/open-store";

let server: RunningPostgres;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());

storeContract("PostgreSQL store", {
  async open() {
    const url = await server.createDatabase();
    return { store: await openPgStore(url, { seed: false }), reopen: () => openPgStore(url) };
  },
});

const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});
async function openTwo(url: string, options: { seed?: boolean } = { seed: false }) {
  const both = await Promise.all([openPgStore(url, options), openPgStore(url, options)]);
  opened.push(...both);
  return both;
}

describe("PostgreSQL store: several instances on one database", () => {
  it("seeds the sample posts once when two instances start together", async () => {
    const url = await server.createDatabase();
    const [a, b] = await openTwo(url, {});
    const expected = (await a.listPosts()).length;
    expect(expected).toBeGreaterThan(0);
    await expect.poll(async () => (await b.listPosts()).length).toBe(expected);
  });

  it("shows a write on one instance to the other, and tells its listeners", async () => {
    const url = await server.createDatabase();
    const [a, b] = await openTwo(url);
    const heard: string[] = [];
    b.onChange((kind) => heard.push(kind));
    const post = await a.createPost(makePostInput({ tags: ["Shared"] }));
    await expect.poll(() => b.getPostById(post.id)).toEqual(post);
    expect(heard).toEqual(["tags", "posts"]);
    await a.deletePost(post.id);
    await expect.poll(() => b.getPostById(post.id)).toBeUndefined();
  });

  it("checks a write against every instance's commits, even before the notification arrives", async () => {
    const url = await server.createDatabase();
    const [a, b] = await openTwo(url);
    // Back to back: b writes while a's notification may still be on its way.
    const first = await a.createPost(makePostInput({ slug: "only-once" }));
    await expectRejection(b.createPost(makePostInput({ slug: "only-once" })), ConflictError);
    const second = await b.createPost(makePostInput());
    expect(second.id).toBe(first.id + 1);
    const many = await Promise.all([
      ...[1, 2, 3].map(() => a.createPost(makePostInput())),
      ...[1, 2, 3].map(() => b.createPost(makePostInput())),
    ]);
    expect(new Set(many.map((p) => p.id)).size).toBe(6);
    const ids = async (store: Store) => (await store.listPosts()).map((p) => p.id);
    await expect.poll(() => ids(a)).toHaveLength(8);
    await expect.poll(() => ids(b)).toEqual(await ids(a));
  });
});

describe("PostgreSQL store: a post's search and social settings", () => {
  it("are kept in the columns of migration 012, not in extra, with the cover's focal point", async () => {
    const url = await server.createDatabase();
    const store = await openPgStore(url, { seed: false });
    opened.push(store);
    const post = await store.createPost(
      makePostInput({
        metaTitle: "Shorter queues",
        metaDescription: "How a pharmacy cut its wait.",
        socialImage: `/media/${"c".repeat(64)}.png`,
        canonicalUrl: "https://elsewhere.example/post",
        noindex: true,
        coverFocus: "50% 25%",
      }),
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(
        "SELECT meta_title, meta_description, social_image, canonical_url, noindex, cover_focus, extra FROM posts WHERE id = $1",
        [post.id],
      );
      expect(rows).toEqual([
        {
          meta_title: "Shorter queues",
          meta_description: "How a pharmacy cut its wait.",
          social_image: `/media/${"c".repeat(64)}.png`,
          canonical_url: "https://elsewhere.example/post",
          noindex: true,
          cover_focus: "50% 25%",
          extra: {},
        },
      ]);
    } finally {
      await client.end();
    }
  });
});

describe("PostgreSQL store: a post's schedule", () => {
  it("is kept in the column of migration 013, not in extra", async () => {
    const url = await server.createDatabase();
    const store = await openPgStore(url, { seed: false });
    opened.push(store);
    const post = await store.createPost(makePostInput({ published: false, publishAt: "2031-05-01T07:30:00.000Z" }));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT publish_at, extra FROM posts WHERE id = $1", [post.id]);
      expect(rows).toEqual([{ publish_at: new Date("2031-05-01T07:30:00.000Z"), extra: {} }]);
    } finally {
      await client.end();
    }
  });
});

describe("PostgreSQL store: bylines", () => {
  it("keeps a user's profile and a post's authors in the columns of migration 015, and reads them back", async () => {
    const url = await server.createDatabase();
    const store = await openPgStore(url, { seed: false });
    opened.push(store);
    const avatar = `/media/${"d".repeat(64)}.png`;
    const ann = await store.createUser({ username: "ann", role: "writer", passwordHash: "scrypt$x" });
    const bo = await store.createUser({ username: "bo", role: "writer", passwordHash: "scrypt$x" });
    await store.updateUser(ann.id, { displayName: "Ann Lee", bio: "Writes about queues.", avatar });
    const post = await store.createPost(makePostInput({ authors: [bo.id, ann.id] }));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const users = await client.query("SELECT display_name, bio, avatar, extra FROM users WHERE id = $1", [ann.id]);
      expect(users.rows).toEqual([{ display_name: "Ann Lee", bio: "Writes about queues.", avatar, extra: {} }]);
      const posts = await client.query("SELECT authors, extra FROM posts WHERE id = $1", [post.id]);
      expect(posts.rows).toEqual([{ authors: [bo.id, ann.id], extra: {} }]);
    } finally {
      await client.end();
    }
    const reopened = await openPgStore(url);
    opened.push(reopened);
    expect(await reopened.getUserById(ann.id)).toMatchObject({
      displayName: "Ann Lee",
      bio: "Writes about queues.",
      avatar,
    });
    expect((await reopened.getPostById(post.id))?.authors).toEqual([bo.id, ann.id]);
    // "" removes a profile field, here as in the data folder.
    await reopened.updateUser(ann.id, { bio: "" });
    expect((await reopened.getUserById(ann.id))?.bio).toBeUndefined();
  });
});

describe("PostgreSQL store: a post's public date", () => {
  it("is kept in the column of migration 017; a row without one reads a published post's createdAt", async () => {
    const url = await server.createDatabase();
    const store = await openPgStore(url, { seed: false });
    opened.push(store);
    const live = await store.createPost(makePostInput({ published: true }));
    const draft = await store.createPost(makePostInput({ published: false }));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT id::int AS id, published_at, extra FROM posts ORDER BY id");
      expect(rows).toEqual([
        { id: live.id, published_at: new Date(live.publishedAt!), extra: {} },
        { id: draft.id, published_at: null, extra: {} },
      ]);
      // As a release before the column left its rows, for the next instance to read.
      await client.query("UPDATE posts SET published_at = NULL");
    } finally {
      await client.end();
    }
    const reopened = await openPgStore(url);
    opened.push(reopened);
    expect(await reopened.getPostById(live.id)).toEqual({ ...live, publishedAt: live.createdAt });
    expect(await reopened.getPostById(draft.id)).toEqual(draft);
    const published = await reopened.updatePost(draft.id, { published: true });
    expect(published.publishedAt).toBe(published.updatedAt);
  });
});
