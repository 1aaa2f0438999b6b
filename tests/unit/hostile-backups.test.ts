import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_RESTORED_ID, RESTORE_LIMITS } from "~/server/backups/backup-file";
import { createBackupService } from "~/server/backups/backup-service";
import { ValidationError } from "~/server/http/errors";
import { DB_FILE } from "~/server/store/json-store";
import { makePostInput } from "../helpers/factories";
import { closeStores, storeOf } from "../helpers/cli";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

/**
 * Uploaded backups written to do harm: each is restored (or refused), then the store is closed
 * and opened again, as a restart would, and must still open and still take new posts.
 */
afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

const openStore = (dir: string) => storeOf(dir, { seed: false });

const post = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Restored ${id}`,
  slug: `restored-${id}`,
  summary: "A restored post.",
  content: "<p>Restored content that is long enough to be a real post body.</p>",
  published: true,
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
  tags: [],
  ...extra,
});

const nested = (depth: number): unknown => JSON.parse("[".repeat(depth) + "]".repeat(depth));

/** Restores the upload, answers what the service said (or the error), then restarts the store. */
async function restoreThenRestart(upload: unknown) {
  const dir = makeTempDir("hostile-");
  const store = await openStore(dir);
  const backups = createBackupService({ store, dataDir: dir, keep: 5 });
  const outcome = await backups.restore(upload).catch((error: unknown) => error);
  await store.close();
  const reopened = await openStore(dir);
  const created = await reopened.createPost(makePostInput());
  return { dir, outcome, reopened, created, dbBytes: fs.statSync(path.join(dir, DB_FILE)).size };
}

describe("hostile backups, restored and then restarted", () => {
  it.each([
    ["the largest safe integer as a post id", { posts: [post(2 ** 53 - 1)] }],
    ["an id just above the restorable range", { posts: [post(MAX_RESTORED_ID + 1)] }],
    ["a tag id beyond the range", { posts: [post(5, { tags: [{ id: 2 ** 53 - 1, name: "x", slug: "x" }] })] }],
    ["a negative or fractional id", { posts: [post(-1), post(1.5)] }],
    ["a title of 1 MB", { posts: [post(7, { title: "t".repeat(1_000_000) })] }],
    ["content beyond the bound", { posts: [post(8, { content: "c".repeat(RESTORE_LIMITS.content + 1) })] }],
    ["a nested array where the title goes", { posts: [post(9, { title: nested(4_000) })] }],
  ])("%s is refused whole, and the store restarts and takes new posts", async (_, upload) => {
    const { outcome, reopened, created } = await restoreThenRestart(upload);
    expect(outcome).toBeInstanceOf(ValidationError);
    expect((await reopened.listPosts()).map((p) => p.id)).toEqual([created.id]);
    expect(created.id).toBe(1);
  });

  it("keys the data schema does not know are dropped, however deep, so db.json stays small", async () => {
    const upload = { junk: nested(4_000), posts: [post(3, { extra: nested(4_000), more: { deep: nested(2_000) } })] };
    const { outcome, reopened, created, dbBytes } = await restoreThenRestart(upload);
    expect(outcome).toMatchObject({ restored: 1 });
    const restored = await reopened.getPostById(3);
    // As it was backed up, dated as an older release's published post is (publishedAt).
    expect(restored).toEqual({ ...post(3), publishedAt: post(3).createdAt });
    expect(Object.keys(restored!)).not.toContain("extra");
    expect(created.id).toBe(4);
    expect(dbBytes).toBeLessThan(10_000);
  });

  it("the highest restorable id still leaves room for new posts", async () => {
    const { outcome, created } = await restoreThenRestart({ posts: [post(MAX_RESTORED_ID)] });
    expect(outcome).toMatchObject({ restored: 1 });
    expect(created.id).toBe(MAX_RESTORED_ID + 1);
  });
});
