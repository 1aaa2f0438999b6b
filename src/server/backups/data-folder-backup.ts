import path from "node:path";
import { NotFoundError } from "~/server/http/errors";
import { parseDbFile } from "~/server/store/db-schema";
import { newestFirst } from "~/server/store/db-snapshot";
import { DurableJsonFile } from "~/server/store/durable-file-adapter";
import { DB_FILE } from "~/server/store/json-store";
import { POST_SUBJECT } from "~/server/posts/post-revisions";
import { writeBackup, type WrittenBackup } from "./backup-folder";

export const noDatabaseMessage = (file: string) => `There is no ${file} to back up.`;

/**
 * `npm run backup`: backs up a data folder's posts without opening a store, so it is
 * safe while a server holds the folder's lock. db.json is always whole, since every write is an
 * atomic rename, and it is checked with the schema the store loads it with.
 */
export async function backupDataFolder(dataDir: string, keep: number): Promise<WrittenBackup> {
  const file = path.join(dataDir, DB_FILE);
  const db = await new DurableJsonFile(file, parseDbFile).read();
  if (!db) throw new NotFoundError(noDatabaseMessage(file));
  // The order the store lists them in, so a backup reads the same whoever took it.
  const history = {
    revisions: (db.revisions ?? []).filter((r) => r.subject === POST_SUBJECT),
    redirects: db.postRedirects ?? [],
  };
  return writeBackup(dataDir, [...db.posts].sort(newestFirst), keep, history, db.site?.published);
}
