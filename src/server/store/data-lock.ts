import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One process owns a data folder (docs/architecture.md section 4): two writers would overwrite each other's
 * db.json. The owner is recorded in `<dir>/.lock`, created exclusively so only one opener can win.
 * A lock whose process is gone (a crash, a kill -9) is stale and taken over, by one opener only
 * however many start at once (removeStale, docs/decisions/160-one-owner-after-a-stale-lock.md).
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

/** How long an opener waits for another process's takeover of a stale lock before giving up. */
const TAKEOVER_WAIT_MS = 5_000;

export async function acquireDataLock(dir: string): Promise<DataLock> {
  const file = path.join(dir, LOCK_FILE);
  if (heldHere.has(dir)) {
    throw new Error(
      `Data folder ${dir} is in use by this process (pid ${process.pid}): close the store that has it open first.`,
    );
  }
  const content = lockContent();
  // Claimed before the first await, so a second open in this process fails at the check above
  // instead of finding our pid in the file and taking it for a leftover of an earlier run.
  heldHere.set(dir, content);
  try {
    const until = Date.now() + TAKEOVER_WAIT_MS;
    do {
      if (await createExclusive(file, content)) {
        watchExit();
        await removeLeftoverClaims(dir);
        return { file, release: () => release(dir, file, content) };
      }
      const seen = await readLock(file);
      if (seen === null) continue; // removed between our attempt and the read: try again
      if (!isStale(seen.info, seen.ageMs)) throw new Error(inUseMessage(dir, seen.info));
      await removeStale(file, seen.text);
    } while (Date.now() < until);
    throw new Error(inUseMessage(dir, (await readLock(file))?.info));
  } catch (error) {
    heldHere.delete(dir);
    throw error;
  }
}

const lockContent = () =>
  JSON.stringify({
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  } satisfies LockInfo) + "\n";

/**
 * Removes `file` (the lock, or a claim below) if it still holds `text`, judged stale. Reading it
 * again and removing it is two steps, and several openers find one stale lock at once: removed
 * blindly, the lock a first opener just made would go too, and two would own the folder. So the
 * removal is claimed first, by an exclusive create of a file named after the stale content: one
 * opener gets it, and only a claim's holder removes a stale lock. The lock it finds cannot change
 * under it (its owner is dead, and no one else may remove it), so what it read is what it removes;
 * the claim goes once the lock has, and a late opener's claim then finds the new lock, which is
 * not `text`, and removes nothing. A claim whose holder died before removing it is stale in turn,
 * and removed the same way. Answers without waiting when another live opener holds the claim.
 */
async function removeStale(file: string, text: string): Promise<void> {
  const claim = path.join(path.dirname(file), `${LOCK_FILE}.${digest(text)}${CLAIM_SUFFIX}`);
  if (await createExclusive(claim, lockContent())) {
    try {
      if ((await readLock(file))?.text === text) await fs.promises.rm(file, { force: true });
    } finally {
      await fs.promises.rm(claim, { force: true });
    }
    return;
  }
  const holder = await readLock(claim);
  if (holder === null) return; // that takeover is over: look at the lock again
  if (isStale(holder.info, holder.ageMs)) return removeStale(claim, holder.text);
  // Another opener is taking the lock over; its lock is there in a moment, and says who won.
  await new Promise((resolve) => setTimeout(resolve, 5));
}

const CLAIM_SUFFIX = ".takeover";
const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** Claims left by an opener killed in the middle of a takeover; the folder's owner clears them. */
async function removeLeftoverClaims(dir: string): Promise<void> {
  const names = await fs.promises.readdir(dir).catch(() => []);
  for (const name of names) {
    if (!name.startsWith(`${LOCK_FILE}.`) || !name.endsWith(CLAIM_SUFFIX)) continue;
    const claim = await readLock(path.join(dir, name)).catch(() => null);
    if (claim && isStale(claim.info, claim.ageMs)) await fs.promises.rm(path.join(dir, name), { force: true });
  }
}

/**
 * Answers false when the file exists. The content is written to a temp file first and linked to
 * its name, which fails when the name is taken: the file appears whole, so a reader never finds
 * a lock half-written (a disk full, a crash) and takes a live opener's for a stale one.
 */
async function createExclusive(file: string, content: string): Promise<boolean> {
  const temp = `${file}.${process.pid}.${++temps}.tmp`;
  try {
    await fs.promises.writeFile(temp, content, { flag: "wx" });
    await fs.promises.link(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
}
let temps = 0;

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
