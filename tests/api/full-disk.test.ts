import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { HEALTH_REPORT_ERRORS } from "~/server/operations/health";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { dbFileText, expectFullDiskRefusal, fillDisk, writeAndHealth } from "../helpers/disk-full";
import { makeTestApp } from "../helpers/test-app";

/**
 * A real full disk: the data folder on a 4 MB tmpfs, filled to the last byte. Mounting needs root
 * (and a kernel that lets this container mount); without it the test is skipped and says why.
 */
const MB = 1024 * 1024;
let mountPoint: string | undefined;
let skipReason: string | undefined;

beforeAll(() => {
  if (process.getuid?.() !== 0) {
    skipReason = "the tests do not run as root, so no tmpfs can be mounted";
    return;
  }
  const dir = path.join(makeTempDir("full-disk-"), "mnt");
  fs.mkdirSync(dir);
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", dir], { stdio: "pipe" });
    mountPoint = dir;
  } catch (error) {
    skipReason = `mounting a tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
});

afterAll(async () => {
  if (mountPoint) execFileSync("umount", [mountPoint]);
  await removeTempDirs();
});

it("a full data folder: 507 with the reason, nothing half-written, health 503, and recovery without a restart", async (ctx) => {
  if (!mountPoint) {
    console.log(`Skipped the real full-disk test: ${skipReason}.`);
    ctx.skip(skipReason);
  }
  const dataDir = path.join(mountPoint!, "data");
  const t = await makeTestApp({ dataDir, env: { MIN_FREE_BYTES: String(MB) } });
  try {
    const requests = await writeAndHealth(t);
    const { create, health } = requests;
    expect((await create()).status).toBe(201);
    expect((await health()).status).toBe(200);
    const before = dbFileText(dataDir);

    const filler = fillDisk(dataDir);
    expectConsoleError(/ENOSPC/);
    const { sick } = await expectFullDiskRefusal(requests, dataDir, before);
    expect(sick.body.freeBytes).toBeLessThan(MB);

    fs.rmSync(filler);
    const well = await health();
    expect(well.status).toBe(200);
    expect(well.body).toMatchObject({ databaseConnected: true, lastWriteError: null });
    expect((await create()).status).toBe(201);
    expect(await t.store.listPosts()).toHaveLength(2);

    // Below MIN_FREE_BYTES but not yet full: health warns before writes fail.
    const half = path.join(dataDir, "half");
    fs.writeFileSync(half, Buffer.alloc(well.body.freeBytes - MB / 2));
    const low = await health();
    expect(low.status).toBe(503);
    expect(low.body.error).toBe(HEALTH_REPORT_ERRORS.lowSpace(low.body.freeBytes, MB));
    fs.rmSync(half);
  } finally {
    await t.close();
  }
});
