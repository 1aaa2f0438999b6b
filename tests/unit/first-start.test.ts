import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { LOCK_FILE } from "~/server/store/data-lock";
import { missingDbMessage } from "~/server/store/first-start";
import { DB_FILE } from "~/server/store/json-store";
import { seedData } from "~/server/store/seed";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { openJsonStore } from "~/server/records/open-store";

afterEach(removeTempDirs);

/** A data folder as a running site leaves it, then without its db.json. */
async function siteWithoutDb(): Promise<string> {
  const dir = fs.realpathSync(makeTempDir("first-start-"));
  await (await openJsonStore(dir)).close();
  fs.mkdirSync(path.join(dir, "media"));
  fs.mkdirSync(path.join(dir, "backups"));
  fs.writeFileSync(path.join(dir, "sessions.json"), "{}");
  fs.rmSync(path.join(dir, DB_FILE));
  return dir;
}

const entries = (dir: string) => fs.readdirSync(dir).sort();

it("refuses to start a new site beside the files of one whose db.json is missing, and touches nothing", async () => {
  const dir = await siteWithoutDb();
  const before = entries(dir);
  await expect(openJsonStore(dir)).rejects.toThrow(
    missingDbMessage(dir, DB_FILE, ["media", "backups", "sessions.json"]),
  );
  expect(entries(dir)).toEqual(before); // no db.json of sample posts, no lock left behind
});

it("lets a restore open that folder, as an empty site, so its posts can come back", async () => {
  const dir = await siteWithoutDb();
  const store = await openJsonStore(dir, { seed: false });
  expect(await store.listPosts()).toEqual([]);
  await store.close();
});

it("adds the sample posts only in a truly empty folder, not after a start or restore killed before db.json", async () => {
  const empty = makeTempDir("first-start-");
  const seeded = await openJsonStore(empty);
  expect((await seeded.listPosts()).length).toBe(seedData().posts.length);
  await seeded.close();

  // A restore killed between taking the lock and writing db.json leaves the lock of a dead process.
  const killed = makeTempDir("first-start-");
  const dead = spawnSync("true").pid;
  const lock = { pid: dead, hostname: os.hostname(), startedAt: new Date().toISOString() };
  fs.writeFileSync(path.join(killed, LOCK_FILE), JSON.stringify(lock));
  const store = await openJsonStore(killed);
  expect(await store.listPosts()).toEqual([]);
  await store.close();
});
