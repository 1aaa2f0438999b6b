import fs from "node:fs/promises";
import { openPgSessionRecords } from "~/server/auth/pg-session-records";
import { openSessionRecords } from "~/server/auth/session-records";
import { resolveSessionSecret } from "~/server/auth/session-secret";
import type { Config } from "~/server/config";
import { removeLeftovers } from "./leftovers";
import { openSiteFiles } from "~/server/operations/site-files";
import { type OpenJsonStoreOptions } from "~/server/store/json-store";
import { READ_ONLY_MESSAGES } from "~/server/store/read-only-start";
import { ensureFirstAdmin } from "~/server/users/users";
import { createActivityLog } from "~/server/activity/activity-log";
import { openActivityFile } from "~/server/activity/activity-file";
import { openPgActivityRecords } from "~/server/activity/pg-activity-records";
import { openJsonStore, openPgStore } from "~/server/records/open-store";
import type { Store } from "~/server/records/store";
import { ensureHomePage } from "~/server/pages/home-page";

/**
 * Everything a server needs before it can answer: the store (the data folder's, which takes the
 * folder's lock, or PostgreSQL's with DATABASE_URL, migrated on open), the first admin from
 * ADMIN_USERNAME/ADMIN_PASSWORD, the session secret and the session records. The host, the CLI
 * and the tests all start here; `close` releases it all.
 */
export async function openSite(config: Config, options: OpenJsonStoreOptions = {}) {
  const store = await openStore(config, options);
  try {
    // A store that opens with a failed write is read-only (docs/decisions/083-read-only-start.md):
    // it holds no lock, so it removes nothing and creates no admin until the disk recovers.
    const readOnly = store.lastWrite().error;
    if (readOnly) console.warn(READ_ONLY_MESSAGES.started(readOnly.message));
    else {
      await removeLeftovers(config.dataDir);
      await ensureFirstAdmin(store, config);
      // The one upgrade step written in code rather than as data read or SQL, since it builds blocks
      // (docs/decisions/280-the-home-page-is-a-page-of-blocks.md).
      await ensureHomePage(store);
    }
    const sessionSecret = await resolveSessionSecret(config.sessionSecret, config.dataDir);
    // With PostgreSQL every instance must know every session (docs/decisions/042-postgres-sessions.md).
    const sessionRecords = config.databaseUrl
      ? await openPgSessionRecords(config.databaseUrl)
      : await openSessionRecords(config.dataDir);
    // Images and backups too, so every instance serves and restores them (docs/decisions/044-postgres-media-and-backups.md).
    const files = await openSiteFiles(config).catch(async (error: unknown) => {
      await sessionRecords.close();
      throw error;
    });
    // The log beside the records: the data folder's file, or the table every instance shares.
    const activity = await createActivityLog(
      config.databaseUrl ? openPgActivityRecords(config.databaseUrl) : await openActivityFile(config.dataDir),
    ).catch(async (error: unknown) => {
      await files.close();
      await sessionRecords.close();
      throw error;
    });
    // Entries a kill cut off between the store's write and the log's append
    // (docs/decisions/163-activity-written-with-its-change.md).
    const journalled = store.journalledActivity?.() ?? [];
    if (journalled.length && !readOnly) await activity.addMissing(journalled);
    const close = async () => {
      await activity.close();
      await files.close();
      await sessionRecords.close();
      await store.close();
    };
    return { store, sessionSecret, sessionRecords, activity, files, close };
  } catch (err) {
    await store.close();
    throw err;
  }
}

export async function openStore(config: Config, options: OpenJsonStoreOptions = {}): Promise<Store> {
  if (!config.databaseUrl) return openJsonStore(config.dataDir, options);
  // With PostgreSQL the data folder still holds this instance's cache of resized images.
  await fs.mkdir(config.dataDir, { recursive: true });
  return openPgStore(config.databaseUrl, { seed: options.seed });
}

/** Where the records are, for the start-up line: never the URL itself, which may hold a password. */
export function describeStorage(config: Config): string {
  if (!config.databaseUrl) return `data folder ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL database ${url.pathname.slice(1) || url.username || "postgres"} on ${url.host || "localhost"}`;
}
