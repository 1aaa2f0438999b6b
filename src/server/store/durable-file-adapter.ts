import fs from "node:fs/promises";
import path from "node:path";
import type { Adapter } from "lowdb";
import { DataFileError } from "./db-schema";
import { prettyJsonChunks } from "./json-chunks";

/**
 * A lowdb adapter whose writes survive a power cut. lowdb's stock `JSONFile` (steno) renames a temp
 * file without fsync, so after a crash db.json can be empty (docs/architecture.md section 4). Here each write
 * goes through writeFileDurably, and `write` resolves only once the file is on disk.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  constructor(
    readonly file: string,
    /** Checks the parsed JSON; throws to refuse the file (it is then left untouched). */
    private readonly parse: (raw: unknown, file: string) => T,
  ) {}

  /** Answers null when the file does not exist; throws DataFileError when it is not usable. */
  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await fs.readFile(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    if (text.trim() === "") throw new DataFileError(this.file, "is empty");
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new DataFileError(this.file, `is not valid JSON (${(error as Error).message})`);
    }
    return this.parse(raw, this.file);
  }

  async write(data: T): Promise<void> {
    // Serialised piece by piece while writing (json-chunks.ts); a value that cannot be serialised
    // fails the write, and writeFileDurably removes its temp file.
    await writeFileDurably(this.file, prettyJsonChunks(data as object));
  }

  /** Temp files left by a crash mid-write; only called once the real file has loaded fine. */
  async removeLeftoverTemps(): Promise<void> {
    const dir = path.dirname(this.file);
    const pattern = new RegExp(`^\\.${escape(path.basename(this.file))}\\.\\d+\\.\\d+\\.tmp$`);
    for (const name of await fs.readdir(dir)) {
      if (pattern.test(name)) await fs.rm(path.join(dir, name), { force: true });
    }
  }
}

let counter = 0;

/**
 * Replaces (or, with `exclusive`, creates) `file` so that it holds either its old content or all
 * of `text`, even after a power cut: temp file in the same folder, fsync it, rename it over the
 * target (or hard-link it, which fails with EEXIST instead of replacing), fsync the folder so the
 * rename itself is on disk. Resolves only after all of that. Also used by backups and the health
 * probe, so every file the server writes is written one way.
 */
export async function writeFileDurably(
  file: string,
  text: string | Uint8Array | Iterable<string>,
  {
    exclusive = false,
    keepFree = 0,
  }: {
    exclusive?: boolean;
    /**
     * Bytes the write leaves free on the disk for other writes: before each piece, it fails with
     * ENOSPC rather than take them (a fold of db.json, which the journal's appends must outlast).
     */
    keepFree?: number;
  } = {},
): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${++counter}.tmp`);
  let handle: fs.FileHandle | undefined;
  try {
    // 0o600: db.json holds password hashes; `wx` never clobbers another writer's temp file.
    handle = await fs.open(temp, "wx", 0o600);
    if (typeof text === "string" || text instanceof Uint8Array) {
      if (keepFree) await assertRoom(dir, Buffer.byteLength(text) + keepFree);
      await handle.writeFile(text);
    } else await writePieces(handle, text, keepFree ? (bytes) => assertRoom(dir, bytes + keepFree) : undefined);
    await handle.sync();
    await handle.close();
    handle = undefined;
    if (exclusive) await fs.link(temp, file);
    else await fs.rename(temp, file);
  } catch (error) {
    await handle?.close().catch(() => {});
    await fs.rm(temp, { force: true }).catch(() => {});
    throw error;
  }
  if (exclusive) await fs.rm(temp);
  await syncFolder(dir);
}

/** Pieces gathered into writes of about 1 MB: one write each would be thousands of system calls. */
async function writePieces(
  handle: fs.FileHandle,
  pieces: Iterable<string>,
  /** Called with each write's size before it is made; throws to stop the write. */
  before?: (bytes: number) => Promise<unknown>,
): Promise<void> {
  let batch: string[] = [];
  let length = 0;
  const write = async () => {
    const bytes = Buffer.from(batch.join(""), "utf8");
    if (before) await before(bytes.length);
    await handle.writeFile(bytes); // from the current position, looping on short writes
    batch = [];
    length = 0;
  };
  for (const piece of pieces) {
    batch.push(piece);
    length += piece.length;
    if (length >= 1 << 20) await write();
  }
  if (batch.length) await write();
}

/**
 * Fails with ENOSPC unless the disk has `bytes` free for this process (`bavail`). A disk with no
 * free block refuses even a write that would fit in a file's last block, so a full disk refuses
 * every write alike (docs/product.md section 5); a write that keeps room for others asks for it too.
 */
export async function assertRoom(dir: string, bytes: number): Promise<number> {
  const { bavail, bsize } = await fs.statfs(dir);
  const free = bavail * bsize;
  if (free < bytes) {
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${dir}'`), { code: "ENOSPC" });
  }
  return free;
}

/** `.NAME.PID.N.tmp`: the temp files writeFileDurably makes beside its target. */
const TEMP_NAME = /^\.(.+)\.(\d+)\.\d+\.tmp$/;

/** True while a process with that id runs (EPERM: it runs as another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the temp files that writes interrupted by a crash left in `dir` (a kill between writing
 * and renaming), at start-up, when no write of this process is under way yet. A temp file of
 * another running process (the CLI taking a backup beside the server) is left alone; one with
 * this process's id is a leftover of an earlier process that had the same id (PID 1 in a
 * container). `keep` names targets whose temps are left to their owner (db.json's are removed by
 * the store, and only once db.json has loaded). Answers the names removed.
 */
export async function removeStaleTemps(dir: string, { keep = [] as string[] } = {}): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const stale = names.filter((name) => {
    const match = TEMP_NAME.exec(name);
    if (!match || keep.includes(match[1]!)) return false;
    const pid = Number(match[2]);
    return pid === process.pid || !isRunning(pid);
  });
  await Promise.all(stale.map((name) => fs.rm(path.join(dir, name), { force: true })));
  return stale;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** fsync on a directory makes a rename durable on Linux/macOS; Windows cannot open folders, and NTFS journals renames. */
export async function syncFolder(dir: string): Promise<void> {
  if (process.platform === "win32") return;
  const handle = await fs.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
