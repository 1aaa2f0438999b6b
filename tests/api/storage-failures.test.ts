import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { version } from "../../package.json";
import { HEALTH_REPORT_ERRORS } from "~/server/operations/health";
import { STORAGE_MESSAGES } from "~/server/store/storage-errors";
import { DB_FILE } from "~/server/store/json-store";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { dbFileText, expectFullDiskRefusal, failingDisk, writeAndHealth } from "../helpers/disk-full";
import { makeTestApp } from "../helpers/test-app";

const ENV = { SESSION_SECRET: "a-session-secret-of-at-least-32-characters", PUBLIC_URL: "https://queuewise.example" };

let t: Awaited<ReturnType<typeof makeTestApp>> | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appOnFailingDisk() {
  expectConsoleError(/injected/); // the store logs each new cause of a failed save, for the operator
  const { disk, wrapAdapter } = failingDisk();
  t = await makeTestApp({ env: ENV, wrapAdapter });
  return { disk, ...(await writeAndHealth(t)) };
}

describe("a write the disk refuses", () => {
  it("answers 507 for a full disk, health says why until the disk recovers, then both work again", async () => {
    const requests = await appOnFailingDisk();
    const { disk, create, health } = requests;
    const before = dbFileText(t!.dataDir);
    disk.failWith = "ENOSPC";

    const { refused, sick } = await expectFullDiskRefusal(requests, t!.dataDir, before);
    expect(refused.body).toEqual({ message: STORAGE_MESSAGES.ENOSPC });
    expect(refused.headers["retry-after"]).toBe("60");
    expect(sick.body.version).toBe(version);
    // Health retried the save itself (and it failed again): the disk is still full.
    expect(disk.attempts).toBeGreaterThanOrEqual(3);

    disk.failWith = undefined; // the operator freed some space: no restart, no user write needed
    const well = await health();
    expect(well.status).toBe(200);
    expect(well.body).toMatchObject({ databaseConnected: true, error: null, lastWriteError: null });
    expect(Date.parse(well.body.lastWriteAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await create()).status).toBe(201);
  });

  it.each([
    ["EROFS", STORAGE_MESSAGES.EROFS],
    ["EACCES", STORAGE_MESSAGES.EACCES],
    ["EPERM", STORAGE_MESSAGES.EACCES],
    ["EMFILE", STORAGE_MESSAGES.EMFILE],
    ["ENFILE", STORAGE_MESSAGES.EMFILE],
  ])("answers 503 for %s, with words an operator can act on", async (code, message) => {
    const { disk, create, health } = await appOnFailingDisk();
    disk.failWith = code;
    const refused = await create();
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message });
    expect((await health()).body).toMatchObject({ databaseConnected: false, lastWriteError: message });
  });

  it("keeps an unknown failure a 500, yet health still reports it by its code", async () => {
    const { disk, create, health } = await appOnFailingDisk();
    disk.failWith = "EIO";
    expect((await create()).status).toBe(500);
    const report = await health();
    expect(report.status).toBe(503);
    expect(report.body.lastWriteError).toBe(STORAGE_MESSAGES.unknown("EIO"));
  });

  it("answers a backup that cannot be written with the disk's status and words", async () => {
    t = await makeTestApp({ env: ENV });
    const { cookie } = await signedIn(t, "admin");
    await t.store.createPost(makePostInput());
    expectConsoleError(/Backup failed:.*ENOSPC: injected/s);
    // Opening the backup's temp file fails as on a full disk; db.json is written as usual.
    fs.mkdirSync(path.join(t.dataDir, "backups"));
    const open = fs.promises.open;
    fs.promises.open = async (...args: Parameters<typeof open>) => {
      if (String(args[0]).includes(`${path.sep}backups${path.sep}`)) {
        throw Object.assign(new Error("ENOSPC: injected"), { code: "ENOSPC" });
      }
      return open(...args);
    };
    try {
      const res = await request(t.app).post("/api/debug/backup-posts").set("Cookie", cookie);
      expect(res.status).toBe(507);
      expect(res.body.message).toContain(STORAGE_MESSAGES.ENOSPC);
      expect(res.text).not.toContain(t.dataDir);
    } finally {
      fs.promises.open = open;
    }
  });
});

describe("health beyond the last write", () => {
  it("reports free space, data size, last backup, version and uptime", async () => {
    t = await makeTestApp({ env: ENV });
    const { cookie } = await signedIn(t, "admin");
    const empty = await request(t.app).get("/api/public/health/database").set("Cookie", cookie);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ lastBackupAt: null, version, lastWriteError: null });
    expect(empty.body.freeBytes).toBeGreaterThan(0);
    expect(empty.body.dataBytes).toBe(fs.statSync(path.join(t.dataDir, DB_FILE)).size);
    expect(empty.body.uptimeSeconds).toBeGreaterThanOrEqual(0);

    await t.store.createPost(makePostInput());
    expect((await request(t.app).post("/api/debug/backup-posts").set("Cookie", cookie)).status).toBe(200);
    const backedUp = await request(t.app).get("/api/public/health/database").set("Cookie", cookie);
    expect(Date.parse(backedUp.body.lastBackupAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(backedUp.body.lastWriteAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers 503 when the disk has less free space than MIN_FREE_BYTES", async () => {
    t = await makeTestApp({ env: { ...ENV, MIN_FREE_BYTES: String(2 ** 50) } });
    const { cookie } = await signedIn(t, "admin");
    const res = await request(t.app).get("/api/public/health/database").set("Cookie", cookie);
    expect(res.status).toBe(503);
    expect(res.body.error).toBe(HEALTH_REPORT_ERRORS.lowSpace(res.body.freeBytes, 2 ** 50));
    expect(res.body.lastWriteError).toBeNull(); // writes still work: this is a warning before they fail
  });
});
