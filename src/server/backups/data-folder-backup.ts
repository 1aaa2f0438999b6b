import path from "node:path";
import { NotFoundError } from "~/server/http/errors";
import { newestFirst } from "~/server/store/db-snapshot";
import { DB_FILE } from "~/server/store/json-store";
import { POST_SUBJECT } from "~/shared/revisions";
import { readDataFolder } from "~/server/store/journalled-db-file";
import { analyticsForBackup } from "~/server/analytics/analytics-backup";
import { folderAnalytics } from "~/server/analytics/analytics-storage";
import { writeBackup, type WrittenBackup } from "./backup-folder";

export const noDatabaseMessage = (file: string) => `There is no ${file} to back up.`;

/**
 * `npm run backup`: backs up a data folder's posts without opening a store, so it is
 * safe while a server holds the folder's lock. db.json is always whole, since every write is an
 * atomic rename, and it is checked with the schema the store loads it with; its journal is read
 * first and replayed, as a start does (docs/decisions/092-a-journal-beside-db-json.md).
 */
export async function backupDataFolder(dataDir: string, keep: number): Promise<WrittenBackup> {
  const file = path.join(dataDir, DB_FILE);
  const { data: db } = await readDataFolder(dataDir);
  if (!db) throw new NotFoundError(noDatabaseMessage(file));
  // The order the store lists them in, so a backup reads the same whoever took it.
  const history = {
    revisions: (db.revisions ?? []).filter((r) => r.subject === POST_SUBJECT),
    redirects: db.postRedirects ?? [],
  };
  const analytics = await analyticsForBackup(folderAnalytics(dataDir));
  // The whole site, as a running server's backup holds it (docs/decisions/195-whole-site-backups.md).
  const records = { tags: db.tags, users: db.users, messages: db.messages, settings: db.settings };
  return writeBackup(dataDir, [...db.posts].sort(newestFirst), keep, {
    ...{ history, analytics, site: db.site?.published },
    records,
  });
}
