import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Config } from "~/server/config";
import { ValidationError } from "~/server/http/errors";
import { countPosts, describeRefused, type RefusedPost } from "~/shared/operations";
import { DB_FILE } from "~/server/store/json-store";
import { sortByPostRules } from "~/server/posts/post-rules";
import { parseDbFile } from "~/server/store/db-schema";
import { DurableJsonFile } from "~/server/store/durable-file-adapter";
import { readDataFolder } from "~/server/store/journalled-db-file";
import { JOURNAL_FILE } from "~/server/store/journal-file";
import { migrate } from "~/server/store/pg/migrate";
import { repositoryMigrations } from "~/server/store/pg/migrations";
import { describeRecords } from "~/server/store/pg/pg-store";
import { ALL_DAYS } from "~/server/analytics/analytics-storage";
import { backupTime } from "~/server/backups/backup-file";
import { folderFiles, openSiteFiles, type SiteFiles } from "~/server/operations/site-files";
import { openActivityFile } from "~/server/activity/activity-file";
import type { ActivityRecords } from "~/server/activity/activity-records";
import { openPgActivityRecords } from "~/server/activity/pg-activity-records";
import { openJsonStore, openPgStore } from "~/server/records/open-store";

/**
 * The `db` commands of the command line (docs/decisions/041-postgres-settings.md): moving a site
 * from its data folder into PostgreSQL and back, and applying migrations ahead of a start.
 */
export const DB_MESSAGES = {
  noDatabase: "Set DATABASE_URL to the PostgreSQL database (postgres://user:password@host:5432/name).",
  migrated: (names: string[]) =>
    names.length ? `Applied ${names.length} migration(s): ${names.join(", ")}.` : "The database is up to date.",
  noDataFile: (file: string) => `${file} does not exist: there is nothing to import or fold.`,
  imported: (records: string, file: string, refused: readonly RefusedPost[] = []) =>
    `Imported ${records} from ${file}.${describeRefused(refused)}`,
  filesCopied: (images: number, backups: number, analyticsRows: number) =>
    `Copied ${countPosts(images, "image")}, ${countPosts(backups, "backup")} and ${countPosts(analyticsRows, "row")} of daily analytics.`,
  exportTargetTaken: (file: string) => `${file} exists already: db export writes only into a folder without one.`,
  exported: (records: string, file: string) => `Exported ${records} to ${file}.`,
  activityCopied: (n: number) => `Copied ${n} activity ${n === 1 ? "entry" : "entries"}.`,
  compacted: (records: number) =>
    records ? `Folded ${records} journal record(s) into ${DB_FILE}.` : `${DB_FILE} already held every change.`,
  noCompact: "The PostgreSQL store keeps no journal: there is nothing to fold.",
} as const;

function databaseUrl(config: Config): string {
  if (!config.databaseUrl) throw new ValidationError(DB_MESSAGES.noDatabase);
  return config.databaseUrl;
}

export async function migrateDatabase(config: Config): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl(config) });
  await client.connect();
  try {
    return DB_MESSAGES.migrated(await migrate(client, repositoryMigrations()));
  } finally {
    await client.end();
  }
}

/**
 * Reads db.json as a server start would (the same schema check; a bad file is named and refused)
 * without taking the folder's lock: every write of db.json is an atomic rename, so even a running
 * server's file is read whole, and its journal is replayed as a start does.
 */
export async function importDataFolder(config: Config): Promise<string> {
  const url = databaseUrl(config);
  const file = path.join(config.dataDir, DB_FILE);
  const { data: read } = await readDataFolder(config.dataDir);
  if (!read) throw new ValidationError(DB_MESSAGES.noDataFile(file));
  // db.json keeps what older releases wrote; the database takes only posts that meet the post rules.
  const { kept, refused } = sortByPostRules(read.posts);
  const data = { ...read, posts: kept };
  const store = await openPgStore(url, { seed: false });
  try {
    await store.engine.importData(data);
    const copied = await withDatabaseFiles(config, (db) => copyFiles(folderFiles(config.dataDir), db));
    const activity = await copyActivity(await openActivityFile(config.dataDir), openPgActivityRecords(url));
    return `${DB_MESSAGES.imported(describeRecords(data), file, refused)}\n${copied}\n${activity}`;
  } finally {
    await store.close();
  }
}

/**
 * `db compact`: folds the journal into db.json (docs/decisions/092-a-journal-beside-db-json.md).
 * Opening the store takes the folder's lock, so a running server makes this refuse; its clean
 * stop folds the journal anyway.
 */
export async function compactDataFolder(config: Config): Promise<string> {
  if (config.databaseUrl) return DB_MESSAGES.noCompact;
  const file = path.join(config.dataDir, DB_FILE);
  if (!(await exists(file))) throw new ValidationError(DB_MESSAGES.noDataFile(file));
  const store = await openJsonStore(config.dataDir, { seed: false });
  try {
    return DB_MESSAGES.compacted((await store.compact?.()) ?? 0);
  } finally {
    await store.close();
  }
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/** Writes DIR/db.json durably, never over an existing one. */
export async function exportDataFolder(config: Config): Promise<string> {
  const url = databaseUrl(config);
  const file = path.join(config.dataDir, DB_FILE);
  await fs.mkdir(config.dataDir, { recursive: true });
  // A journal left there would be replayed over the exported records.
  const taken = (await exists(file)) || (await exists(path.join(config.dataDir, JOURNAL_FILE)));
  if (taken) throw new ValidationError(DB_MESSAGES.exportTargetTaken(file));
  const store = await openPgStore(url, { seed: false });
  try {
    const data = store.engine.exportData();
    await new DurableJsonFile(file, parseDbFile).write(data);
    const copied = await withDatabaseFiles(config, (db) => copyFiles(db, folderFiles(config.dataDir)));
    const activity = await copyActivity(openPgActivityRecords(url), await openActivityFile(config.dataDir));
    return `${DB_MESSAGES.exported(describeRecords(data), file)}\n${copied}\n${activity}`;
  } finally {
    await store.close();
  }
}

/** The activity log's entries, from one side to the other (docs/decisions/102-activity-log.md); both closed after. */
async function copyActivity(source: ActivityRecords, target: ActivityRecords): Promise<string> {
  try {
    return DB_MESSAGES.activityCopied(await target.addMissing(await source.query({})));
  } finally {
    await source.close();
    await target.close();
  }
}

/** The database's images and backups for `use`, closed afterwards. */
async function withDatabaseFiles<T>(config: Config, use: (files: SiteFiles) => Promise<T>): Promise<T> {
  const files = await openSiteFiles(config);
  try {
    return await use(files);
  } finally {
    await files.close();
  }
}

/**
 * The images and the post backups, between the data folder and the database
 * (docs/decisions/044-postgres-media-and-backups.md): the same names, bytes and texts on both sides.
 * Backups keep their names, so every one is kept. The analytics' daily counts are added to the
 * target's, which a fresh target does not have.
 */
async function copyFiles(source: SiteFiles, target: SiteFiles): Promise<string> {
  const images = await source.media.list();
  for (const image of images) await target.media.put(image, await source.media.read(image));
  const backups = (await source.backups.list()).reverse();
  for (const { name, count } of backups) {
    await target.backups.add(await source.backups.read(name), backupTime(name), count ?? 0, backups.length);
  }
  const analytics = await source.analytics.read(...ALL_DAYS);
  await target.analytics.add(analytics);
  return DB_MESSAGES.filesCopied(images.length, backups.length, analytics.length);
}
