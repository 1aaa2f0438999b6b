import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dbFileSchema } from "~/server/store/db-schema";
import { DB_FILE } from "~/server/store/json-store";
import type { Post } from "~/server/store/types";
import { makePostInput } from "../helpers/factories";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { closeStores, storeOf } from "../helpers/cli";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { openJsonStore } from "~/server/records/open-store";
import type { Store } from "~/server/records/store";

const openStore = storeOf;
async function reopen(store: Store, dir: string) {
  await store.close();
  return openStore(dir);
}
afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

const readDb = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, DB_FILE), "utf8"));

describe("loading", () => {
  it("survives a reload with the same data", async () => {
    const dir = makeTempDir("store-");
    const store = await openStore(dir, { seed: false });
    await store.createPost(makePostInput({ tags: ["Retail"] }));
    await store.createUser({ username: "ada", role: "admin", passwordHash: "scrypt$x" });
    await store.addMessage({ name: "Ada", email: "a@b.c", message: "Hi there", ip: "::1" });
    const before = [await store.listPosts(), await store.listTags(), await store.listMessages()];
    const again = await reopen(store, dir);
    expect([await again.listPosts(), await again.listTags(), await again.listMessages()]).toEqual(before);
    expect(await again.getUserByUsername("ada")).toMatchObject({ role: "admin" });
  });

  it.each([
    ["not JSON", '{"posts": [', /is not valid JSON/],
    ["empty", "", /is empty/],
    ["schema-invalid", JSON.stringify({ posts: [{ id: "one", title: 3 }] }), /posts\.0\.id: .*posts\.0\.title/],
    ["ambiguous", JSON.stringify({ posts: [{ ...makeStoredPost(1) }, { ...makeStoredPost(1) }] }), /Duplicate 1/],
  ])("refuses a %s file, names it and leaves it byte-for-byte untouched", async (_name, text, problem) => {
    const dir = makeTempDir("store-");
    const file = path.join(dir, DB_FILE);
    fs.writeFileSync(file, text);
    const error = await openJsonStore(dir).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toMatch(problem);
    expect(fs.readFileSync(file, "utf8")).toBe(text);
    expect(fs.readdirSync(dir)).toEqual([DB_FILE]); // no lock, no temp file, no backup left behind
  });

  it("seeds sample posts once, on a folder without db.json only", async () => {
    const dir = makeTempDir("store-");
    const store = await openStore(path.join(dir, "new", "data"));
    const seeded = await store.listPosts();
    expect(seeded.length).toBeGreaterThanOrEqual(3);
    expect(seeded.every((p) => p.published && p.content.length >= 50 && p.tags.length > 0)).toBe(true);
    for (const p of seeded) await store.deletePost(p.id);
    const again = await reopen(store, path.join(dir, "new", "data"));
    expect(await again.listPosts()).toEqual([]);

    const other = makeTempDir("store-");
    fs.writeFileSync(path.join(other, DB_FILE), JSON.stringify({ posts: [] }));
    expect(await (await openStore(other)).listPosts()).toEqual([]);
  });

  it("keeps an old post's excerpt through every rewrite and reads it as the summary", async () => {
    const dir = makeTempDir("store-");
    const { summary: _none, ...old } = makeStoredPost(7);
    fs.writeFileSync(path.join(dir, DB_FILE), JSON.stringify({ posts: [{ ...old, excerpt: "From the old blog." }] }));
    const store = await openStore(dir);
    expect(await store.getPostById(7)).toMatchObject({
      summary: "From the old blog.",
      excerpt: "From the old blog.",
    });
    await store.updatePost(7, { title: "New title", summary: "A brand new summary." });
    const again = await reopen(store, dir);
    expect(await again.getPostById(7)).toMatchObject({
      summary: "A brand new summary.",
      excerpt: "From the old blog.",
    });
    expect(readDb(dir).posts[0].excerpt).toBe("From the old blog.");
  });
});

describe("writing", () => {
  it("never reuses an id, even the newest one deleted before a restart", async () => {
    const dir = makeTempDir("store-");
    const store = await openStore(dir, { seed: false });
    for (let i = 0; i < 3; i++) await store.createPost(makePostInput());
    await store.deletePost(3);
    const again = await reopen(store, dir);
    expect((await again.createPost(makePostInput())).id).toBe(4);
  });

  it("serialises 100 concurrent creates into a valid file", async () => {
    const dir = makeTempDir("store-");
    const store = await openStore(dir, { seed: false });
    const created = await Promise.all(
      Array.from({ length: 100 }, () => store.createPost(makePostInput({ tags: ["Load"] }))),
    );
    expect(created.map((p) => p.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1)); // queue order
    await store.close(); // a clean stop folds the journal into db.json
    const file = dbFileSchema.safeParse(readDb(dir));
    expect(file.success).toBe(true);
    expect(file.data?.posts).toHaveLength(100);
    expect(file.data?.tags).toHaveLength(1);
    expect(fs.readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("fails only the write that conflicts among concurrent ones", async () => {
    const store = await openStore(makeTempDir("store-"), { seed: false });
    const inputs = [makePostInput({ slug: "same" }), makePostInput(), makePostInput({ slug: "same" }), makePostInput()];
    const results = await Promise.allSettled(inputs.map((input) => store.createPost(input)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect((await store.listPosts()).map((p) => p.id).sort()).toEqual([1, 2, 3]);
  });

  it("restores missing posts exactly, skips present ids and taken slugs, and retires restored ids", async () => {
    const store = await openStore(makeTempDir("store-"), { seed: false });
    const [a, b, c] = [
      await store.createPost(makePostInput({ tags: ["Retail"], coverImage: "https://x.test/c.png" })),
      await store.createPost(makePostInput({ published: false })),
      await store.createPost(makePostInput()),
    ] as [Post, Post, Post];
    await store.deletePost(a.id);
    await store.deletePost(b.id);
    const clash = { ...makeStoredPost(40), slug: c.slug };
    const result = await store.restorePosts([a, b, c, clash, makeStoredPost(50)]);
    expect(result).toEqual({ restored: [a.id, b.id, 50], skipped: [c.id, 40] });
    expect(await store.getPostById(a.id)).toEqual(a);
    expect(await store.getPostById(b.id)).toEqual(b);
    expect((await store.createPost(makePostInput())).id).toBe(51);
  });

  it("leaves memory and disk unchanged when a write fails", async () => {
    const dir = makeTempDir("store-");
    let failWrites = false;
    const store = await openStore(dir, {
      seed: false,
      wrapAdapter: (file) => ({
        read: () => file.read(),
        write: (data) => (failWrites ? Promise.reject(new Error("EIO: disk failed")) : file.write(data)),
      }),
    });
    const kept = await store.createPost(makePostInput());
    const onDisk = fs.readFileSync(path.join(dir, DB_FILE), "utf8");
    const changes: string[] = [];
    store.onChange((kind) => changes.push(kind));
    // The store logs a failed save once, for the operator; the callers get the error.
    expectConsoleError(/Saving db\.json failed: Error: EIO/);
    failWrites = true;
    await expect(store.createPost(makePostInput({ tags: ["Lost"] }))).rejects.toThrow("EIO");
    await expect(store.updatePost(kept.id, { title: "Lost title" })).rejects.toThrow("EIO");
    await expect(store.deletePost(kept.id)).rejects.toThrow("EIO");
    expect(await store.listPosts()).toEqual([kept]);
    expect(await store.listTags()).toEqual([]);
    expect(fs.readFileSync(path.join(dir, DB_FILE), "utf8")).toBe(onDisk);
    expect(changes).toEqual([]);
    failWrites = false;
    expect((await store.createPost(makePostInput())).id).toBe(2);
  });

  it("rolls back when the real file system refuses the write", async () => {
    const dir = makeTempDir("store-");
    const store = await openStore(dir, { seed: false });
    fs.renameSync(dir, `${dir}-moved`); // the data folder vanishes under the running store
    expectConsoleError(/Saving db\.json failed: Error: ENOENT/);
    try {
      await expect(store.createPost(makePostInput())).rejects.toThrow(/ENOENT/);
      expect(await store.listPosts()).toEqual([]);
    } finally {
      fs.renameSync(`${dir}-moved`, dir);
    }
    expect((await store.createPost(makePostInput())).id).toBe(1);
  });
});

function makeStoredPost(id: number) {
  const at = "2026-02-02T10:00:00.000Z";
  const input = makePostInput();
  return {
    id,
    title: input.title,
    slug: input.slug,
    summary: input.summary,
    content: input.content,
    published: true,
    createdAt: at,
    updatedAt: at,
    tags: [] as Post["tags"],
  };
}
