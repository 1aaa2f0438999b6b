import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { expect, it, vi } from "vitest";
import { HEALTH_REPORT_ERRORS } from "~/server/operations/health";
import { FOLD_MESSAGES, FOLD_RECORDS, SEQUENCE_KEY } from "~/server/store/journalled-db-file";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { dbFileText, expectFullDiskRefusal, fillDisk, useTmpfs, writeAndHealth } from "../helpers/disk-full";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
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

it("a fold that does not fit is not tried, writes go on into the journal, health says so, and it runs once there is room", async (ctx) => {
  if (!disk.mountPoint) ctx.skip(disk.skipReason);
  const dataDir = path.join(disk.mountPoint!, "fold");
  // MIN_FREE_BYTES low: the report's low-space warning would otherwise come first.
  const t = await makeTestApp({ dataDir, env: { MIN_FREE_BYTES: "1" } });
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    const { cookie } = await signedIn(t, "admin");
    const health = () => request(t.app).get("/api/public/health/database").set("Cookie", cookie);
    const big = `<p>${"A long post. ".repeat(8_000)}</p>`; // about 100 KB, twice in its record with the revision
    for (let i = 0; i < 3; i++) await t.store.createPost(makePostInput({ content: big }));
    await t.store.compact!();
    await t.store.createPost(makePostInput());
    await t.store.compact!(); // db.json holds the big posts now; the journal, one small record
    const folded = () => JSON.parse(dbFileText(dataDir))[SEQUENCE_KEY] as number;
    const foldedBefore = folded();

    // Room for a thousand small appends, not for db.json's new copy.
    const filler = fillDisk(dataDir);
    fs.truncateSync(filler, fs.statSync(filler).size - 400 * 1024);
    const writes = [];
    for (let i = 0; i <= FOLD_RECORDS; i++) {
      writes.push(await t.store.updateSettings({ writersSeeInbox: i % 2 === 0 }).then(() => "saved", String));
    }
    expect(writes.filter((outcome) => outcome !== "saved")).toEqual([]);
    expect(folded()).toBe(foldedBefore); // not folded, and not tried: no temporary file filled the disk
    expect(fs.readdirSync(dataDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    const trouble = t.store.foldTrouble!()!;
    expect(trouble).toMatchObject({ code: "ENOSPC", pending: expect.any(Number) });
    expect(trouble.freeBytes).toBeLessThan(trouble.needBytes!);
    // One line in the log when the fold is first put off, with the room it had then; none for each write after.
    const logged = warn.mock.calls.map(([line]) => String(line).replace(/has [\d.]+ MB/, "has 0.0 MB"));
    expect(logged).toEqual([FOLD_MESSAGES.noRoom(trouble.needBytes!, 0)]);
    const sick = await health();
    const foldError = HEALTH_REPORT_ERRORS.foldNoRoom(trouble.needBytes!, trouble.freeBytes!, trouble.pending!);
    expect(sick.body).toMatchObject({ databaseConnected: false, error: foldError, foldError, lastWriteError: null });

    // A fold asked for (a backup's, `db compact`) gives up before it takes the room appends need.
    await expect(t.store.compact!()).rejects.toMatchObject({ code: "ENOSPC" });
    expect(fs.readdirSync(dataDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    await t.store.updateSettings({ writersSeeInbox: false });

    fs.rmSync(filler);
    await t.store.updateSettings({ writersSeeInbox: true }); // the next write finds the room, and folds
    // db.json is written before the journal's rewrite ends the fold and clears the trouble: wait for both.
    await vi.waitFor(
      () => {
        expect(folded()).toBeGreaterThan(foldedBefore);
        expect(t.store.foldTrouble!()).toBeUndefined();
      },
      { timeout: 10_000 },
    );
    expect((await health()).body).toMatchObject({ databaseConnected: true, error: null, foldError: null });
  } finally {
    warn.mockRestore();
    await t.close();
  }
}, 60_000);
