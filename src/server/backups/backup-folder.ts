import { BACKUPS_FOLDER } from "~/server/store/folder-layout";
import fs from "node:fs/promises";
import path from "node:path";
import type { BackupInfo } from "~/shared/operations";
import { NotFoundError } from "~/server/http/errors";
import { writeFileDurably } from "~/server/store/durable-file-adapter";
import { makeFolder } from "~/server/store/make-folder";
import type { Post, SavedPost } from "~/server/store/types";
import { mediaHashesIn } from "~/server/media/media-refs";
import { folderOriginals } from "~/server/media/media-originals";
import {
  type BackupExtras,
  assertBackupName,
  BACKUP_END_BYTES,
  BACKUP_MESSAGES,
  backupName,
  HEADER_BYTES,
  isBackupEnd,
  isBackupName,
  parseBackupTextContents,
  readHeader,
  type BackupContents,
} from "./backup-file";
import { retainedBackups } from "./backup-retention";
import { takeBackup, type BackupShelf, type WrittenBackup } from "./backup-shelf";

/**
 * The backups folder on disk, `<dataDir>/backups` (docs/architecture.md section 4). Used by the server and
 * by the CLI, which may run beside a server (it reads db.json without the lock), so nothing here
 * assumes it is the only writer: names are claimed with an exclusive link and removals tolerate
 * files already gone.
 */
export { BACKUPS_FOLDER };

export type { WrittenBackup };

export const backupsDir = (dataDir: string) => path.join(dataDir, BACKUPS_FOLDER);

/** A backup of a data folder's posts, with the folder's images they show and (from the
 * caller) their history, the activity log, the analytics' counts and the
 * published site content. */
export function writeBackup(
  dataDir: string,
  posts: readonly Post[],
  keep: number,
  extras: BackupExtras = {},
): Promise<WrittenBackup> {
  return takeBackup(folderShelf(dataDir), folderOriginals(dataDir), posts, keep, extras);
}

/** The data folder's backups as a BackupShelf. */
export function folderShelf(dataDir: string): BackupShelf {
  return {
    add: (text, time, count, keep) => addBackup(dataDir, text, time, count, keep) as Promise<WrittenBackup>,
    claim: (text, time, count, keep) => addBackup(dataDir, text, time, count, keep, { exact: true }),
    list: () => listBackups(dataDir),
    newest: () => newestBackup(dataDir),
    async newestTime() {
      const name = await newestBackup(dataDir);
      return name && (await fs.stat(path.join(backupsDir(dataDir), name))).mtime.toISOString();
    },
    read: async (name) => readText(await locateBackup(dataDir, name)),
    download: async (name) => ({ file: await locateBackup(dataDir, name) }),
    async mediaCounts() {
      const counts = new Map<string, number>();
      const dir = backupsDir(dataDir);
      for (const name of await backupNames(dir)) {
        const text = await fs.readFile(path.join(dir, name), "utf8").catch(() => "");
        for (const hash of mediaHashesIn(text)) counts.set(hash, (counts.get(hash) ?? 0) + 1);
      }
      return counts;
    },
  };
}

/**
 * Two backups in one millisecond (here or in another process) get names a millisecond apart, never
 * one file; `exact`: the name of `now` or none (undefined when taken).
 */
async function addBackup(
  dataDir: string,
  text: string,
  now: Date,
  count: number,
  keep: number,
  { exact = false } = {},
): Promise<WrittenBackup | undefined> {
  const dir = backupsDir(dataDir);
  await makeFolder(dir);
  for (let time = now.getTime(); ; time++) {
    const name = backupName(new Date(time));
    const file = path.join(dir, name);
    try {
      await writeFileDurably(file, text, { exclusive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (exact) return undefined;
      continue;
    }
    await prune(dir, name, keep);
    return { name, file, count };
  }
}

/** Keeps what retainedBackups says: the newest `keep`, counting the one just written, and the tiers. */
async function prune(dir: string, written: string, keep: number): Promise<void> {
  const names = await backupNames(dir);
  const kept = retainedBackups(names, keep, written);
  await Promise.all(
    names.filter((name) => !kept.has(name)).map((name) => fs.rm(path.join(dir, name), { force: true })),
  );
}

/** Newest first: the names hold fixed-width ISO times, so name order is time order. */
async function backupNames(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter(isBackupName).sort().reverse();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export async function listBackups(dataDir: string): Promise<BackupInfo[]> {
  const dir = backupsDir(dataDir);
  const infos = await Promise.all((await backupNames(dir)).map((name) => describe(path.join(dir, name))));
  return infos.filter((info) => info !== undefined);
}

/** Undefined for a file removed since the folder was listed (pruned by another backup). */
async function describe(file: string): Promise<BackupInfo | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const { size, mtime } = await handle.stat();
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEADER_BYTES), 0, HEADER_BYTES, 0);
    const start = buffer.toString("utf8", 0, bytesRead);
    const header = readHeader(start);
    const damaged = header ? !(await endsLikeABackup(handle, size)) : size <= HEADER_BYTES && !isJson(start);
    return {
      name: path.basename(file),
      createdAt: header?.createdAt ?? mtime.toISOString(),
      size,
      // A cut-off file's header counts posts it no longer holds.
      count: damaged ? null : (header?.count ?? null),
      ...(!damaged && header?.holds && { holds: header.holds }),
      ...(damaged && { damaged: BACKUP_MESSAGES.truncated }),
    };
  } finally {
    await handle.close();
  }
}

async function endsLikeABackup(handle: fs.FileHandle, size: number): Promise<boolean> {
  const end = Buffer.alloc(BACKUP_END_BYTES);
  const { bytesRead } = await handle.read(end, 0, end.length, Math.max(0, size - end.length));
  return isBackupEnd(end.toString("utf8", 0, bytesRead));
}

/** A file shorter than a header is read whole already: a hand-made backup that small must still parse. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The path of a backup that exists; 400 for a name that is not a backup's, 404 for a missing one. */
export async function locateBackup(dataDir: string, name: string): Promise<string> {
  assertBackupName(name);
  const file = path.join(backupsDir(dataDir), name);
  try {
    await fs.access(file);
  } catch {
    throw new NotFoundError(BACKUP_MESSAGES.notFound(name));
  }
  return file;
}

/** The newest backup's name, or undefined when there is none. */
export async function newestBackup(dataDir: string): Promise<string | undefined> {
  return (await backupNames(backupsDir(dataDir)))[0];
}

/** A checked backup from the folder (parseBackup's 400s), by name. */
export async function readBackup(dataDir: string, name: string): Promise<SavedPost[]> {
  return (await readBackupFileContents(await locateBackup(dataDir, name), name)).posts;
}

/** A checked backup from any file (the CLI's `restore FILE`); `label` names it in messages. */
export async function readBackupFile(file: string, label = file): Promise<SavedPost[]> {
  return (await readBackupFileContents(file, label)).posts;
}

/** readBackupFile with the images the backup carries. */
export async function readBackupFileContents(file: string, label = file): Promise<BackupContents> {
  return parseBackupTextContents(await readText(file), label);
}

async function readText(file: string): Promise<string> {
  try {
    return await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new NotFoundError(BACKUP_MESSAGES.noFile(file));
    throw error;
  }
}
