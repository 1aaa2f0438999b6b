import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  assertBackupName,
  BACKUP_FORMAT,
  BACKUP_MESSAGES,
  parseBackup,
  parseBackupText,
} from "~/server/backups/backup-file";
import { backupsDir, listBackups, readBackup, writeBackup } from "~/server/backups/backup-folder";
import { backupDataFolder } from "~/server/backups/data-folder-backup";
import { isTestPostTitle } from "~/shared/test-posts";
import { ValidationError } from "~/server/http/errors";
import type { Post } from "~/server/store/types";
import { closeStores, storeOf } from "../helpers/cli";
import { makePostInput } from "../helpers/factories";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterEach(async () => {
  vi.useRealTimers();
  await closeStores();
  await removeTempDirs();
});

/** A folder whose store holds `n` posts, one a draft with tags and one an old post with only `excerpt`. */
async function folderWithPosts(n = 3) {
  const dataDir = makeTempDir("backups-");
  const store = await storeOf(dataDir, { seed: false });
  for (let i = 0; i < n; i++)
    await store.createPost(makePostInput({ published: i !== 1, tags: i === 0 ? ["Retail"] : [] }));
  const old = {
    ...(await store.listPosts())[0]!,
    id: 900,
    slug: "old-post",
    summary: undefined,
    excerpt: "From an older release",
  };
  await store.restorePosts([old]);
  return { dataDir, store };
}

const backupFiles = (dataDir: string) => fs.readdirSync(backupsDir(dataDir)).sort();

describe("writeBackup", () => {
  it("writes every post with every field, owner-readable, and leaves no temp file", async () => {
    const { dataDir, store } = await folderWithPosts();
    const posts = await store.listPosts();
    const { name, file, count } = await writeBackup(dataDir, posts, 20);
    expect(name).toMatch(/^posts-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.json$/);
    expect(count).toBe(4);
    expect(backupFiles(dataDir)).toEqual([name]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(saved).toEqual({
      format: BACKUP_FORMAT,
      version: 2,
      createdAt: expect.any(String),
      count: 4,
      holds: expect.objectContaining({ posts: 4, users: 0, messages: 0, site: 0 }),
      posts,
      media: {},
    });
    expect(saved.posts.find((p: Post) => p.id === 900).excerpt).toBe("From an older release");
    expect(await readBackup(dataDir, name)).toEqual(posts);
  });

  it("gives two backups in one millisecond two names", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-01-02T03:04:05.006Z") });
    const dataDir = makeTempDir("backups-");
    const first = await writeBackup(dataDir, [], 20);
    const second = await writeBackup(dataDir, [], 20);
    expect([first.name, second.name]).toEqual([
      "posts-2030-01-02T03-04-05.006Z.json",
      "posts-2030-01-02T03-04-05.007Z.json",
    ]);
  });

  it("keeps the newest N, and always the one just written even when the clock went back", async () => {
    const dataDir = makeTempDir("backups-");
    vi.useFakeTimers({ toFake: ["Date"] });
    for (const minute of [1, 2, 3, 4]) {
      vi.setSystemTime(new Date(`2030-01-01T00:0${minute}:00.000Z`));
      await writeBackup(dataDir, [], 2);
    }
    expect(backupFiles(dataDir)).toEqual([
      "posts-2030-01-01T00-03-00.000Z.json",
      "posts-2030-01-01T00-04-00.000Z.json",
    ]);
    vi.setSystemTime(new Date("2029-12-31T00:00:00.000Z"));
    const { name } = await writeBackup(dataDir, [], 2);
    expect(backupFiles(dataDir)).toEqual([name, "posts-2030-01-01T00-04-00.000Z.json"]);
  });
});

describe("listBackups", () => {
  it("lists newest first with time, size and count, a file it cannot read with a null count, and nothing else", async () => {
    const dataDir = makeTempDir("backups-");
    expect(await listBackups(dataDir)).toEqual([]); // no folder yet
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-01-01T00:00:00.000Z") });
    const older = await writeBackup(dataDir, [], 20);
    vi.setSystemTime(new Date("2030-01-02T00:00:00.000Z"));
    const newer = await writeBackup(dataDir, [], 20);
    fs.writeFileSync(path.join(backupsDir(dataDir), "posts-2030-01-03T00-00-00.000Z.json"), '{"posts": [');
    fs.writeFileSync(path.join(backupsDir(dataDir), "notes.txt"), "not a backup");
    const list = await listBackups(dataDir);
    expect(list.map((b) => b.name)).toEqual(["posts-2030-01-03T00-00-00.000Z.json", newer.name, older.name]);
    expect(list[0]).toMatchObject({ size: 11, count: null });
    expect(list[1]).toEqual({
      name: newer.name,
      createdAt: "2030-01-02T00:00:00.000Z",
      size: fs.statSync(newer.file).size,
      count: 0,
      holds: expect.objectContaining({ posts: 0 }),
    });
  });
});

describe("reading a backup", () => {
  const good = { format: BACKUP_FORMAT, version: 1, createdAt: "2030-01-01T00:00:00.000Z", count: 0, posts: [] };

  it.each([
    ["truncated", JSON.stringify(good).slice(0, 40), /is not valid JSON, so it is truncated or damaged/],
    ["empty", "", /is not valid JSON/],
    ["not a backup", JSON.stringify({ hello: "world" }), BACKUP_MESSAGES.notBackup("b.json")],
    ["another format", JSON.stringify({ ...good, format: "other" }), BACKUP_MESSAGES.notBackup("b.json")],
    ["a newer version", JSON.stringify({ ...good, version: 3 }), BACKUP_MESSAGES.version("b.json", 3)],
    [
      "a post without a slug",
      JSON.stringify({
        ...good,
        posts: [{ id: 1, title: "x", content: "", published: true, createdAt: "", updatedAt: "", tags: [] }],
      }),
      /b\.json holds posts that are not valid \(posts\.0\.slug: /,
    ],
  ])("refuses a file that is %s with a 400 saying so", (_, text, message) => {
    let error: unknown;
    try {
      parseBackupText(text, "b.json");
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ValidationError);
    if (typeof message === "string") expect((error as Error).message).toBe(message);
    else expect((error as Error).message).toMatch(message);
  });

  it("takes a bare {posts} upload, but still checks a marker that is there", () => {
    expect(parseBackup({ posts: [] }, "upload", { markerRequired: false })).toEqual([]);
    expect(() => parseBackup({ posts: [] }, "upload")).toThrow(BACKUP_MESSAGES.notBackup("upload"));
    expect(() => parseBackup({ format: "x", posts: [] }, "upload", { markerRequired: false })).toThrow(
      BACKUP_MESSAGES.notBackup("upload"),
    );
  });

  it.each(["../db.json", "posts-../../db.json", "db.json", "posts-x.json", "posts-1.json/..", ".posts-1.json"])(
    "refuses the name %s",
    (name) => {
      expect(() => assertBackupName(name)).toThrow(BACKUP_MESSAGES.badName(name));
    },
  );
});

describe("backupDataFolder (npm run backup)", () => {
  it("backs up db.json while a store holds the folder, the same posts the store lists", async () => {
    const { dataDir, store } = await folderWithPosts();
    const { file, count } = await backupDataFolder(dataDir, 20);
    expect(count).toBe(4);
    expect(JSON.parse(fs.readFileSync(file, "utf8")).posts).toEqual(await store.listPosts());
  });
});

describe("Store.deletePosts", () => {
  it("removes the listed posts that exist in one write, and ignores ids already gone", async () => {
    const { store } = await folderWithPosts();
    const [a, b, c] = await store.listPosts();
    const changes = vi.fn();
    store.onChange(changes);
    const removed = await store.deletePosts([a!.id, c!.id, 12345]);
    expect(removed.map((p) => p.id).sort()).toEqual([a!.id, c!.id].sort());
    expect((await store.listPosts()).map((p) => p.id)).not.toContain(a!.id);
    expect(await store.getPostById(b!.id)).toBeDefined();
    expect(changes).toHaveBeenCalledTimes(1);
    expect(await store.deletePosts([12345])).toEqual([]);
    expect(changes).toHaveBeenCalledTimes(1);
  });
});

describe('isTestPostTitle: "test" anywhere in the title, in any case', () => {
  it.each([
    "Test",
    "TESTING the editor",
    "my tests",
    "test-post",
    "A/B test results",
    "Latest queue trends",
    "Contest winners",
  ])("%s is a test post", (title) => {
    expect(isTestPostTitle(title)).toBe(true);
  });
  it.each(["Queue trends", "Tea time", "T-e-s-t", ""])("%s is not", (title) => {
    expect(isTestPostTitle(title)).toBe(false);
  });
});
