import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { inUseMessage, LOCK_FILE } from "~/server/store/data-lock";
import { openJsonStore } from "~/server/records/open-store";
import { closeStores, root, storeOf, trackStore } from "../helpers/cli";
import { bundleScript, runScript } from "../helpers/node-script";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

/** Runs `body` in another Node process with openJsonStore imported; answers what it printed. */
async function inChild(body: string): Promise<string> {
  return (await runScript(`import { openJsonStore } from "~/server/records/open-store";\n${body}`)).stdout.trim();
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

  it("has exactly one owner when four processes take over a stale lock at once, in each of 100 races", async () => {
    // Each racer takes the lock of every folder named on its stdin, and says whether it got it.
    const script = await bundleScript(`
      import readline from "node:readline";
      import { acquireDataLock } from "~/server/store/data-lock";
      for await (const dir of readline.createInterface({ input: process.stdin })) {
        const outcome = await acquireDataLock(dir).then(() => "owner", (e) => e.message);
        console.log(JSON.stringify({ pid: process.pid, outcome }));
      }`);
    const [dead, ...racers] = Array.from({ length: 5 }, () => {
      const child = spawn(process.execPath, [script], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
      return { child, answers: readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]() };
    });
    // The stale lock names a process that ran and ended: one more racer, stopped before its first race.
    dead!.child.stdin.end();
    await new Promise((resolve) => dead!.child.on("close", resolve));
    const stale = JSON.stringify({ pid: dead!.child.pid, hostname: os.hostname(), startedAt: "" });
    const answer = async (racer: (typeof racers)[number]) =>
      JSON.parse((await racer.answers.next()).value as string) as { pid: number; outcome: string };
    try {
      for (let race = 0; race < 100; race++) {
        const dir = makeTempDir("lock-race-");
        fs.writeFileSync(path.join(dir, LOCK_FILE), stale);
        for (const { child } of racers) child.stdin.write(`${dir}\n`);
        const answers = await Promise.all(racers.map(answer));
        const owners = answers.filter((a) => a.outcome === "owner");
        expect(owners, `race ${race}`).toHaveLength(1);
        expect(lockOf(dir).pid, `race ${race}`).toBe(owners[0]!.pid);
        for (const { outcome } of answers.filter((a) => a !== owners[0])) {
          expect(outcome).toBe(inUseMessage(dir, { pid: owners[0]!.pid, hostname: os.hostname(), startedAt: "" }));
        }
        // Nothing of the takeover is left behind but the owner's lock.
        expect(fs.readdirSync(dir)).toEqual([LOCK_FILE]);
      }
    } finally {
      for (const { child } of racers) child.stdin.end();
      fs.rmSync(path.dirname(script), { recursive: true, force: true });
    }
  }, 30_000);
});
