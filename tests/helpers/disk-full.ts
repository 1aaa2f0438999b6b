import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { expect } from "vitest";
import { STORAGE_MESSAGES } from "~/server/store/storage-errors";
import { DB_FILE } from "~/server/store/json-store";
import { makePostInput } from "./factories";
import { signedIn } from "./sign-in";
import type { TestApp } from "./test-app";

/** A signed-in admin's "create a post" and the public database health check, on a test app. */
export async function writeAndHealth(t: TestApp) {
  const { cookie } = await signedIn(t, "admin");
  return {
    create: () => request(t.app).post("/api/cms/simple-create-post").set("Cookie", cookie).send(makePostInput()),
    health: () => request(t.app).get("/api/public/health/database"),
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
