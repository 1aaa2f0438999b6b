import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { ConflictError } from "~/server/http/errors";
import { openPgStore, type PgStore } from "~/server/store/pg/pg-store";
import { expectRejection, storeContract } from "../contract/store-contract";
import { makePostInput } from "../helpers/factories";
import { startPostgres, type RunningPostgres } from "../helpers/postgres";

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

const opened: PgStore[] = [];
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
    const ids = async (store: PgStore) => (await store.listPosts()).map((p) => p.id);
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
