import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Config } from "~/server/config";
import { ValidationError } from "~/server/http/errors";
import type { RefusedPost } from "~/shared/operations";
import { DB_FILE } from "~/server/store/json-store";
import { describeRefused, sortByPostRules } from "~/server/posts/post-rules";
import { parseDbFile } from "~/server/store/db-schema";
import { DurableJsonFile } from "~/server/store/durable-file-adapter";
import { migrate } from "~/server/store/pg/migrate";
import { repositoryMigrations } from "~/server/store/pg/migrations";
import { describeRecords, openPgStore } from "~/server/store/pg/pg-store";
import { ALL_DAYS } from "~/server/analytics/analytics-storage";
import { backupTime, countPosts } from "~/server/backups/backup-file";
import { folderFiles, openSiteFiles, type SiteFiles } from "~/server/store/site-files";

/**
 * The `db` commands of the command line (docs/decisions/041-postgres-settings.md): moving a site
 * from its data folder into PostgreSQL and back, and applying migrations ahead of a start.
 */
export const DB_MESSAGES = {
  noDatabase: "Set DATABASE_URL to the PostgreSQL database (postgres://user:password@host:5432/name).",
  migrated: (names: string[]) =>
    names.length ? `Applied ${names.length} migration(s): ${names.join(", ")}.` : "The database is up to date.",
  noDataFile: (file: string) => `${file} does not exist: there is nothing to import.`,
  imported: (records: string, file: string, refused: readonly RefusedPost[] = []) =>
    `Imported ${records} from ${file}.${describeRefused(refused)}`,
  filesCopied: (images: number, backups: number, analyticsRows: number) =>
    `Copied ${countPosts(images, "image")}, ${countPosts(backups, "backup")} and ${countPosts(analyticsRows, "row")} of daily analytics.`,
  exportTargetTaken: (file: string) => `${file} exists already: db export writes only into a folder without one.`,
  exported: (records: string, file: string) => `Exported ${records} to ${file}.`,
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
 * server's file is read whole.
 */
export async function importDataFolder(config: Config): Promise<string> {
  const url = databaseUrl(config);
  const file = path.join(config.dataDir, DB_FILE);
  const read = await new DurableJsonFile(file, parseDbFile).read();
  if (!read) throw new ValidationError(DB_MESSAGES.noDataFile(file));
  // db.json keeps what older releases wrote; the database takes only posts that meet the post rules.
  const { kept, refused } = sortByPostRules(read.posts);
  const data = { ...read, posts: kept };
  const store = await openPgStore(url, { seed: false });
  try {
    await store.importData(data);
    const copied = await withDatabaseFiles(config, (db) => copyFiles(folderFiles(config.dataDir), db));
    return `${DB_MESSAGES.imported(describeRecords(data), file, refused)}\n${copied}`;
  } finally {
    await store.close();
  }
}

/** Writes DIR/db.json durably, never over an existing one. */
export async function exportDataFolder(config: Config): Promise<string> {
  const url = databaseUrl(config);
  const file = path.join(config.dataDir, DB_FILE);
  await fs.mkdir(config.dataDir, { recursive: true });
  const taken = await fs.stat(file).then(
    () => true,
    () => false,
  );
  if (taken) throw new ValidationError(DB_MESSAGES.exportTargetTaken(file));
  const store = await openPgStore(url, { seed: false });
  try {
    const data = store.exportData();
    await new DurableJsonFile(file, parseDbFile).write(data);
    const copied = await withDatabaseFiles(config, (db) => copyFiles(db, folderFiles(config.dataDir)));
    return `${DB_MESSAGES.exported(describeRecords(data), file)}\n${copied}`;
  } finally {
    await store.close();
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
