import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One process owns a data folder (docs/architecture.md section 4): two writers would overwrite each other's
 * db.json. The owner is recorded in `<dir>/.lock`, created with `wx` so only one opener can win.
 * A lock whose process is gone (a crash, a kill -9) is stale and taken over.
 */
export const LOCK_FILE = ".lock";

type LockInfo = { pid: number; hostname: string; startedAt: string };

export type DataLock = { readonly file: string; release(): Promise<void> };

/** Folders locked by stores open in this process: our own pid in a lock file is not proof of life. */
const heldHere = new Map<string, string>(); // folder -> the lock file's content

export function inUseMessage(dir: string, owner: LockInfo | undefined): string {
  const who = owner
    ? `pid ${owner.pid}${owner.hostname === os.hostname() ? "" : ` on ${owner.hostname}`}`
    : "unknown pid";
  return (
    `Data folder ${dir} is in use by another process (${who}). Stop it first, or use another data folder. ` +
    `If no such process is running, delete ${path.join(dir, LOCK_FILE)}.`
  );
}

export async function acquireDataLock(dir: string): Promise<DataLock> {
  const file = path.join(dir, LOCK_FILE);
  if (heldHere.has(dir)) {
    throw new Error(
      `Data folder ${dir} is in use by this process (pid ${process.pid}): close the store that has it open first.`,
    );
  }
  const mine: LockInfo = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  const content = JSON.stringify(mine) + "\n";
  // Claimed before the first await, so a second open in this process fails at the check above
  // instead of finding our pid in the file and taking it for a leftover of an earlier run.
  heldHere.set(dir, content);
  try {
    // Two tries: the second follows the removal of a stale lock.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await createExclusive(file, content)) {
        watchExit();
        return { file, release: () => release(dir, file, content) };
      }
      const seen = await readLock(file);
      if (seen === null) continue; // removed between our attempt and the read: try again
      if (!isStale(seen.info, seen.ageMs)) throw new Error(inUseMessage(dir, seen.info));
      // Remove only the lock we judged stale; a newer one written meanwhile belongs to a live opener.
      const again = await readLock(file);
      if (again?.text === seen.text) await fs.promises.rm(file, { force: true });
    }
    throw new Error(inUseMessage(dir, (await readLock(file))?.info));
  } catch (error) {
    heldHere.delete(dir);
    throw error;
  }
}

/** Answers false when the file exists; a lock half-written (disk full) is removed, not left behind. */
async function createExclusive(file: string, content: string): Promise<boolean> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    await handle.writeFile(content, "utf8");
    await handle.close();
    return true;
  } catch (error) {
    await handle.close().catch(() => {});
    await fs.promises.rm(file, { force: true });
    throw error;
  }
}

async function readLock(file: string) {
  try {
    const [text, stat] = await Promise.all([fs.promises.readFile(file, "utf8"), fs.promises.stat(file)]);
    return { text, info: parseLock(text), ageMs: Date.now() - stat.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function parseLock(text: string): LockInfo | undefined {
  try {
    const info = JSON.parse(text) as Partial<LockInfo>;
    return Number.isInteger(info.pid)
      ? { pid: info.pid!, hostname: String(info.hostname ?? ""), startedAt: String(info.startedAt ?? "") }
      : undefined;
  } catch {
    return undefined;
  }
}

function isStale(info: LockInfo | undefined, ageMs: number): boolean {
  // Unreadable: an opener that has created the file but not yet written it, or a crash in between.
  if (!info) return ageMs > 10_000;
  // We cannot see processes on another machine sharing the folder, so assume it is alive.
  if (info.hostname && info.hostname !== os.hostname()) return false;
  // Our own pid with no store of ours holding it: left by an earlier run that had the same pid
  // (common in containers, where the server is often pid 1).
  if (info.pid === process.pid) return true;
  try {
    process.kill(info.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

async function release(dir: string, file: string, content: string): Promise<void> {
  if (!heldHere.delete(dir)) return;
  // Leave a lock that is no longer ours (someone deleted ours and started) in place.
  const current = await fs.promises.readFile(file, "utf8").catch(() => null);
  if (current === content) await fs.promises.rm(file, { force: true });
}

/** A normal exit without close() still frees the folder; a crash leaves a stale lock for the next start. */
let watching = false;
function watchExit() {
  if (watching) return;
  watching = true;
  process.once("exit", () => {
    for (const [dir, content] of heldHere) {
      const file = path.join(dir, LOCK_FILE);
      try {
        if (fs.readFileSync(file, "utf8") === content) fs.rmSync(file, { force: true });
      } catch {
        // Already gone, or the folder was removed: nothing to free.
      }
    }
  });
}
