import fs from "node:fs/promises";
import path from "node:path";
import { BACKUPS_FOLDER, MEDIA_CACHE_FOLDER, MEDIA_FOLDER, SESSION_SECRET_FILE, SESSIONS_FILE } from "./folder-layout";
import { JOURNAL_FILE } from "./journal-file";

/** What a site writes beside db.json: any of them without db.json means db.json went missing. */
const SITE_ENTRIES = [
  JOURNAL_FILE,
  MEDIA_FOLDER,
  BACKUPS_FOLDER,
  SESSIONS_FILE,
  SESSION_SECRET_FILE,
  MEDIA_CACHE_FOLDER,
];

/** A fresh file system's mount point holds this folder and nothing else: still an empty data folder. */
const MOUNT_LEFTOVER = "lost+found";

export const missingDbMessage = (dir: string, dbFile: string, found: string[]) =>
  `Data folder ${dir} holds a site's files (${found.join(", ")}) but no ${dbFile}: it was moved or deleted, ` +
  `and starting would begin a new site beside them. Put ${dbFile} back and start again, or rebuild the posts ` +
  `from a backup with "restore FILE --data ${dir}" (the backups are in ${path.join(dir, BACKUPS_FOLDER)}), then start again.`;

export type FolderState = { state: "empty" | "site" | "other"; found: string[] };

/**
 * What a data folder holds besides db.json, read before the folder's lock is taken (our own lock
 * file would count), for a start that finds no db.json
 * (docs/decisions/082-a-new-site-only-in-an-empty-folder.md): `empty` (nothing: a first start,
 * with sample posts), `site` (a site's files, which `found` names: db.json went missing) or
 * `other` (the lock or a temp file of a start or restore that was killed, or a file of the
 * operator's): the site starts empty, without sample posts, which would take ids a restore needs.
 */
export async function readFolderState(dir: string): Promise<FolderState> {
  const names = (await fs.readdir(dir)).filter((name) => name !== MOUNT_LEFTOVER);
  const found = SITE_ENTRIES.filter((name) => names.includes(name));
  if (found.length) return { state: "site", found };
  return { state: names.length ? "other" : "empty", found };
}
