import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BACKUP_MESSAGES, serializeBackup } from "~/server/backups/backup-file";
import { backupsDir } from "~/server/backups/backup-folder";
import { noDatabaseMessage } from "~/server/backups/data-folder-backup";
import { CLI_MESSAGES } from "~/server/operations/cli-messages";
import { inUseMessage } from "~/server/store/data-lock";
import { DB_FILE } from "~/server/store/json-store";
import { cli, closeStores, storeOf } from "../helpers/cli";
import { POST_MESSAGES } from "~/shared/schemas";
import type { Post } from "~/server/store/types";
import { makePostInput } from "../helpers/factories";
import { makeUser } from "../helpers/sign-in";
import { verifyPassword } from "~/server/auth/password";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { ACTIVITY_FILE } from "~/server/activity/activity-file";
import type { ActivityEntry } from "~/shared/activity";

/** Each run starts Node with tsx. */
const SLOW = 30_000;
const RESTORE_USAGE = "Usage: restore FILE [--data DIR]";

afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

/** A data folder with three posts (one a draft, one tagged), held open by a store in this process, as a running server holds it. */
async function servedFolder() {
  const dataDir = makeTempDir("cli-backup-");
  const store = await storeOf(dataDir, { seed: false });
  for (const overrides of [{ tags: ["Retail"] }, { published: false }, {}])
    await store.createPost(makePostInput(overrides));
  return { dataDir, store };
}

const onlyBackup = (dataDir: string) => {
  const names = fs.readdirSync(backupsDir(dataDir));
  expect(names).toHaveLength(1);
  return path.join(backupsDir(dataDir), names[0]!);
};

describe("npm run backup", () => {
  it(
    "backs up every post while a server holds the folder, without taking its lock",
    async () => {
      const { dataDir, store } = await servedFolder();
      const run = await cli(["backup"], { dataDir });
      const file = onlyBackup(dataDir);
      expect(run).toEqual({ code: 0, stdout: `${CLI_MESSAGES.backedUp(3, file)}\n`, stderr: "" });
      expect(JSON.parse(fs.readFileSync(file, "utf8")).posts).toEqual(await store.listPosts());
      await store.createPost(makePostInput()); // the store still owns the folder
    },
    SLOW,
  );

  it(
    "keeps BACKUP_KEEP backups, taking the folder from --data",
    async () => {
      const { dataDir } = await servedFolder();
      for (let i = 0; i < 3; i++)
        expect((await cli(["backup", "--data", dataDir], { env: { BACKUP_KEEP: "2" } })).code).toBe(0);
      expect(fs.readdirSync(backupsDir(dataDir))).toHaveLength(2);
    },
    3 * SLOW,
  ); // three CLI runs, each a Node start with tsx

  it(
    "refuses a folder without a db.json: exit 1, and writes nothing",
    async () => {
      const dataDir = makeTempDir("cli-backup-");
      const run = await cli(["backup"], { dataDir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(noDatabaseMessage(path.join(dataDir, DB_FILE)));
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
    SLOW,
  );
});

describe("npm run restore -- FILE", () => {
  it(
    "into an empty folder brings back the whole site: posts, users with their passwords, inbox and settings",
    async () => {
      const { dataDir, store } = await servedFolder();
      const admin = await makeUser(store, { username: "folder-admin", password: "the folder password" });
      await store.addMessage({ name: "Ada", email: "ada@example.com", message: "Queues?", ip: "127.0.0.1" });
      await store.updateSettings({ writersSeeInbox: true });
      await closeStores();
      await cli(["backup"], { dataDir });

      const empty = makeTempDir("cli-restore-empty-");
      const run = await cli(["restore", onlyBackup(dataDir)], { dataDir: empty });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(CLI_MESSAGES.restored(3, 0));
      expect(run.stdout).toContain("users: 1 added");
      const restored = await storeOf(empty);
      const user = await restored.getUserByUsername("folder-admin");
      expect(user?.passwordHash).toBe(admin.user.passwordHash);
      expect(await verifyPassword(admin.password, user!.passwordHash)).toBe(true);
      expect((await restored.listMessages()).map((m) => m.email)).toEqual(["ada@example.com"]);
      expect(await restored.getSettings()).toEqual({ writersSeeInbox: true });
      expect(await restored.listPosts()).toHaveLength(3);
    },
    SLOW,
  );

  it(
    "into a site with accounts adds back posts only: a user and a message deleted since the backup stay deleted",
    async () => {
      const { dataDir, store } = await servedFolder();
      await makeUser(store, { username: "still-here", role: "admin" });
      const leaver = await makeUser(store, { username: "left-the-company" });
      const message = await store.addMessage({
        name: "Ada",
        email: "ada@example.com",
        message: "Erase me",
        ip: "127.0.0.1",
      });
      const [first] = await store.listPosts();
      await closeStores();
      await cli(["backup"], { dataDir });
      const live = await storeOf(dataDir);
      await live.deleteUser(leaver.user.id);
      await live.deleteMessage(message.id);
      await live.deletePost(first!.id);
      await closeStores();

      const run = await cli(["restore", onlyBackup(dataDir)], { dataDir });
      expect(run).toEqual({
        code: 0,
        stdout: `${CLI_MESSAGES.restored(1, 2)}\n${CLI_MESSAGES.keptOwnRecords}\n`,
        stderr: "",
      });
      const after = await storeOf(dataDir);
      expect(await after.getUserByUsername("left-the-company")).toBeUndefined();
      expect(await after.listMessages()).toEqual([]);
      expect(await after.getPostById(first!.id)).toBeDefined();
    },
    SLOW,
  );

  it(
    "refuses while a server holds the folder: the store's message, exit 1, nothing changed",
    async () => {
      const { dataDir, store } = await servedFolder();
      await cli(["backup"], { dataDir });
      const [first] = await store.listPosts();
      await store.deletePost(first!.id);
      const before = await store.listPosts();
      const run = await cli(["restore", onlyBackup(dataDir)], { dataDir });
      const owner = { pid: process.pid, hostname: os.hostname(), startedAt: "" };
      expect(run).toEqual({ code: 1, stdout: "", stderr: `${inUseMessage(dataDir, owner)}\n` });
      expect(await store.listPosts()).toEqual(before);
    },
    SLOW,
  );

  it(
    "adds back the missing posts, identical, once the server is stopped; a second run skips them all",
    async () => {
      const { dataDir, store } = await servedFolder();
      const all = await store.listPosts();
      await cli(["backup"], { dataDir });
      await store.deletePosts(all.slice(0, 2).map((p) => p.id));
      await closeStores();

      const run = await cli(["restore", onlyBackup(dataDir)], { dataDir });
      expect(run).toEqual({ code: 0, stdout: `${CLI_MESSAGES.restored(2, 1)}\n`, stderr: "" });
      const again = await cli(["restore", onlyBackup(dataDir)], { dataDir });
      expect(again.stdout).toBe(`${CLI_MESSAGES.restored(0, 3)}\n`);
      expect(await (await storeOf(dataDir)).listPosts()).toEqual(all);
    },
    SLOW,
  );

  it(
    "leaves out and names each post that breaks a post rule, and restores the rest",
    async () => {
      const { dataDir, store } = await servedFolder();
      const [template] = await store.listPosts();
      const post = (id: number, fields: Partial<Post>) => ({ ...template!, id, slug: `restored-${id}`, ...fields });
      const file = path.join(makeTempDir("cli-restore-"), "hand-made.json");
      const posts = [
        post(11, { coverImage: "javascript:alert(1)" }),
        post(12, { slug: "a\u0000<script>" }),
        post(13, { createdAt: "not a date" }),
        post(14, {}),
      ];
      fs.writeFileSync(file, serializeBackup(posts, new Date().toISOString()));
      await closeStores();
      const run = await cli(["restore", file], { dataDir });
      const refused = [
        { id: 11, field: "coverImage", message: POST_MESSAGES.coverImage },
        { id: 12, field: "slug", message: POST_MESSAGES.slugPattern },
        { id: 13, field: "createdAt", message: POST_MESSAGES.dateTime },
      ];
      expect(run).toEqual({ code: 0, stdout: `${CLI_MESSAGES.restored(1, 0, refused)}\n`, stderr: "" });
      const ids = (await (await storeOf(dataDir)).listPosts()).map((p) => p.id);
      expect(ids).toContain(14);
      expect(ids.filter((id) => id >= 11 && id <= 13)).toEqual([]);
    },
    SLOW,
  );

  it(
    "adds back the activity entries the backup carries and the folder lacks",
    async () => {
      const { dataDir, store } = await servedFolder();
      const file = path.join(makeTempDir("cli-restore-"), "with-activity.json");
      const entry: ActivityEntry = {
        id: "restored-entry-1",
        at: new Date().toISOString(),
        kind: "publish",
        userId: 3,
        username: "ada",
        ip: "198.51.100.9",
        what: 'post 1 "Queues"',
      };
      fs.writeFileSync(
        file,
        serializeBackup(await store.listPosts(), new Date().toISOString(), {}, { activity: [entry] }),
      );
      await closeStores();
      expect((await cli(["restore", file], { dataDir })).code).toBe(0);
      expect((await cli(["restore", file], { dataDir })).code).toBe(0);
      const lines = fs.readFileSync(path.join(dataDir, ACTIVITY_FILE), "utf8").trimEnd().split("\n");
      expect(lines.map((line) => JSON.parse(line) as ActivityEntry)).toEqual([entry]);
    },
    SLOW,
  );

  it(
    "restores into a new folder without adding the sample posts of a first start",
    async () => {
      const { dataDir, store } = await servedFolder();
      await cli(["backup"], { dataDir });
      const fresh = makeTempDir("cli-restore-");
      const run = await cli(["restore", onlyBackup(dataDir), "--data", fresh]);
      // Then the tag the posts name, now restored with the rest of the site.
      expect(run.stdout).toBe(`${CLI_MESSAGES.restored(3, 0)}\nRestored tags: 1 added.\n`);
      expect(await (await storeOf(fresh)).listPosts()).toEqual(await store.listPosts());
    },
    SLOW,
  );

  it(
    "refuses a truncated file with a clear message, exit 1, before touching the folder",
    async () => {
      const { dataDir } = await servedFolder();
      await cli(["backup"], { dataDir });
      const truncated = path.join(makeTempDir("cli-restore-"), "truncated.json");
      fs.writeFileSync(truncated, fs.readFileSync(onlyBackup(dataDir), "utf8").slice(0, 500));
      await closeStores();
      const before = fs.readFileSync(path.join(dataDir, DB_FILE), "utf8");
      const run = await cli(["restore", truncated], { dataDir });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/truncated\.json is not valid JSON, so it is truncated or damaged/);
      expect(fs.readFileSync(path.join(dataDir, DB_FILE), "utf8")).toBe(before);
    },
    SLOW,
  );

  it(
    "says so for a file that is not there",
    async () => {
      const missing = path.join(makeTempDir("cli-restore-"), "nope.json");
      const run = await cli(["restore", missing], { dataDir: makeTempDir("cli-restore-") });
      expect(run).toEqual({ code: 1, stdout: "", stderr: `${BACKUP_MESSAGES.noFile(missing)}\n${RESTORE_USAGE}\n` });
    },
    SLOW,
  );

  it.each([
    ["no FILE", [], CLI_MESSAGES.wrongArguments(["FILE"], [])],
    ["two files", ["a.json", "b.json"], CLI_MESSAGES.wrongArguments(["FILE"], ["a.json", "b.json"])],
  ])(
    "exits 2 with the usage for %s",
    async (_, args, message) => {
      const dataDir = makeTempDir("cli-restore-");
      const run = await cli(["restore", ...args], { dataDir });
      expect(run).toEqual({ code: 2, stdout: "", stderr: `${message}\n${RESTORE_USAGE}\n` });
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
    SLOW,
  );
});
