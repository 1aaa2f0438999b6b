import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LOCK_FILE } from "~/server/store/data-lock";
import { openJsonStore } from "~/server/store/json-store";
import { closeStores, storeOf, trackStore } from "../helpers/cli";
import { runScript } from "../helpers/node-script";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

/** Runs `body` in another Node process with openJsonStore imported; answers what it printed. */
async function inChild(body: string): Promise<string> {
  return (await runScript(`import { openJsonStore } from "~/server/store/json-store";\n${body}`)).stdout.trim();
}

afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

const lockOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8"));

describe("the data folder lock", () => {
  it("makes a second process refuse the folder with a clear message", async () => {
    const dir = makeTempDir("lock-");
    await storeOf(dir, { seed: false });
    const printed = await inChild(
      `try { await openJsonStore(${JSON.stringify(dir)}); console.log("opened"); } catch (e) { console.log(e.message); }`,
    );
    expect(printed).toContain(`Data folder ${dir} is in use by another process (pid ${process.pid}). Stop it first`);
    expect(lockOf(dir).pid).toBe(process.pid); // the refused opener left our lock alone
  }, 30_000);

  it("takes over the lock of a process that was killed", async () => {
    const dir = makeTempDir("lock-");
    const printed = await inChild(
      `await openJsonStore(${JSON.stringify(dir)}, { seed: false }); console.log(process.pid); process.kill(process.pid, "SIGKILL");`,
    );
    const deadPid = Number(printed);
    expect(lockOf(dir).pid).toBe(deadPid);
    const store = await storeOf(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    expect(await store.listPosts()).toEqual([]); // the folder had a db.json, so no seeding
  }, 30_000);

  it("takes over a stale lock naming a dead pid, but not one from another host", async () => {
    const dir = makeTempDir("lock-");
    const deadPid = Number(await inChild("console.log(process.pid)"));
    const hostname = os.hostname();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid, hostname, startedAt: "" }));
    const store = await openJsonStore(dir);
    await store.close();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false); // close() frees the folder

    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid, hostname: "elsewhere", startedAt: "" }));
    await expect(openJsonStore(dir)).rejects.toThrow(`is in use by another process (pid ${deadPid} on elsewhere)`);
  }, 30_000);

  it("refuses a second open in the same process, under another spelling of the path too", async () => {
    const dir = makeTempDir("lock-");
    const store = await openJsonStore(dir, { seed: false });
    await expect(openJsonStore(dir)).rejects.toThrow(`Data folder ${dir} is in use by this process`);
    const link = `${dir}-link`;
    fs.symlinkSync(dir, link);
    try {
      await expect(openJsonStore(`${link}/.`)).rejects.toThrow("is in use");
    } finally {
      fs.rmSync(link);
    }
    await store.close();
    await storeOf(dir);
  });

  it("lets exactly one of two simultaneous opens in one process win", async () => {
    const dir = makeTempDir("lock-");
    const results = await Promise.allSettled([openJsonStore(dir), openJsonStore(dir)]);
    for (const r of results) if (r.status === "fulfilled") trackStore(r.value);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  });
});
