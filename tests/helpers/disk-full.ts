import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Adapter } from "lowdb";
import request from "supertest";
import { afterAll, beforeAll, expect } from "vitest";
import { STORAGE_MESSAGES } from "~/server/store/storage-errors";
import type { DbFile } from "~/server/store/db-schema";
import { DB_FILE } from "~/server/store/json-store";
import { makePostInput } from "./factories";
import { signedIn } from "./sign-in";
import { makeTempDir, removeTempDirs } from "./temp-dir";
import type { TestApp } from "./test-app";

/** A file-system layer under the store whose writes fail with `failWith.code` while it is set. */
export function failingDisk() {
  const disk = { failWith: undefined as string | undefined, attempts: 0 };
  const wrapAdapter = (inner: Adapter<DbFile>): Adapter<DbFile> => ({
    read: () => inner.read(),
    async write(data) {
      disk.attempts += 1;
      if (disk.failWith) throw Object.assign(new Error(`${disk.failWith}: injected`), { code: disk.failWith });
      await inner.write(data);
    },
  });
  return { disk, wrapAdapter };
}

/** A signed-in admin's "create a post" and the database health check as they read it (the whole report), on a test app. */
export async function writeAndHealth(t: TestApp) {
  const { cookie } = await signedIn(t, "admin");
  return {
    create: () => request(t.app).post("/api/cms/simple-create-post").set("Cookie", cookie).send(makePostInput()),
    health: () => request(t.app).get("/api/public/health/database").set("Cookie", cookie),
  };
}

export const dbFileText = (dataDir: string) => fs.readFileSync(path.join(dataDir, DB_FILE), "utf8");

/**
 * What a write on a full disk must answer (docs/product.md section 5): 507 with the reason,
 * db.json as it was (`before`) and no temporary file left, and health 503 naming the cause.
 * Answers both responses for the caller's further checks.
 */
export async function expectFullDiskRefusal(
  { create, health }: Awaited<ReturnType<typeof writeAndHealth>>,
  dataDir: string,
  before: string,
) {
  const refused = await create();
  expect(refused.status).toBe(507);
  expect(refused.body.message).toBe(STORAGE_MESSAGES.ENOSPC);
  expect(dbFileText(dataDir)).toBe(before); // nothing half-written
  expect(fs.readdirSync(dataDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);

  const sick = await health();
  expect(sick.status).toBe(503);
  expect(sick.body).toMatchObject({
    databaseConnected: false,
    error: STORAGE_MESSAGES.ENOSPC,
    lastWriteError: STORAGE_MESSAGES.ENOSPC,
  });
  return { refused, sick };
}

/** Writes until the file system refuses: tmpfs answers ENOSPC once its pages are all used. */
export function fillDisk(dir: string): string {
  const filler = path.join(dir, "filler");
  const fd = fs.openSync(filler, "w");
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  }
  // The last bytes a partial page can still take.
  try {
    for (;;) fs.writeSync(fd, chunk, 0, 1);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

/**
 * A 4 MB tmpfs for one test file's real disk faults, mounted before its tests and unmounted after.
 * Mounting needs root (and a kernel that lets this container mount); without it `mountPoint` is
 * absent and `skipReason` says why, for the test to skip with.
 */
export function useTmpfs(prefix: string): { readonly mountPoint?: string; readonly skipReason?: string } {
  const disk: { mountPoint?: string; skipReason?: string } = {};
  beforeAll(() => {
    if (process.getuid?.() !== 0) {
      disk.skipReason = "the tests do not run as root, so no tmpfs can be mounted";
      return;
    }
    const dir = path.join(makeTempDir(prefix), "mnt");
    fs.mkdirSync(dir);
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", dir], { stdio: "pipe" });
      disk.mountPoint = dir;
    } catch (error) {
      disk.skipReason = `mounting a tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
    }
  });
  afterAll(async () => {
    if (disk.mountPoint) execFileSync("umount", [disk.mountPoint]);
    await removeTempDirs();
  });
  return disk;
}
