import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { HEALTH_REPORT_ERRORS } from "~/server/operations/health";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { dbFileText, expectFullDiskRefusal, fillDisk, useTmpfs, writeAndHealth } from "../helpers/disk-full";
import { makeTestApp } from "../helpers/test-app";

/**
 * A real full disk: the data folder on a 4 MB tmpfs, filled to the last byte. Mounting needs root
 * (and a kernel that lets this container mount); without it the test is skipped and says why.
 */
const MB = 1024 * 1024;
const disk = useTmpfs("full-disk-");

it("a full data folder: 507 with the reason, nothing half-written, health 503, and recovery without a restart", async (ctx) => {
  if (!disk.mountPoint) {
    console.log(`Skipped the real full-disk test: ${disk.skipReason}.`);
    ctx.skip(disk.skipReason);
  }
  const dataDir = path.join(disk.mountPoint!, "data");
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
