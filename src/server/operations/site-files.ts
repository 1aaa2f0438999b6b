import { folderAnalytics, type AnalyticsStorage } from "~/server/analytics/analytics-storage";
import { pgAnalytics } from "~/server/analytics/pg-analytics-storage";
import { folderShelf } from "~/server/backups/backup-folder";
import type { BackupShelf } from "~/server/backups/backup-shelf";
import { pgBackupShelf } from "~/server/backups/pg-backup-shelf";
import type { Config } from "~/server/config";
import { folderOriginals, type MediaOriginals } from "~/server/media/media-originals";
import { openPgMediaOriginals } from "~/server/media/pg-media-originals";
import { memorySetupTokens, pgSetupTokens, type SetupTokens } from "~/server/users/setup-tokens";
import { openPool } from "~/server/store/pg/pg-pool";

/**
 * Where a site keeps its uploaded images, its post backups and its first-run link
 * (docs/decisions/044-postgres-media-and-backups.md): the data folder's `media/` and `backups/`,
 * or, with DATABASE_URL, PostgreSQL's `media` and `backups` tables, which every instance shares.
 */
export type SiteFiles = {
  media: MediaOriginals;
  backups: BackupShelf;
  /** The first-run link's tokens: in memory, or in the database for every instance (setup-tokens.ts). */
  setupTokens: SetupTokens;
  /** The analytics' daily counts: the data folder's `analytics/`, or the database's table every instance adds to. */
  analytics: AnalyticsStorage;
  close(): Promise<void>;
};

export function folderFiles(dataDir: string): SiteFiles {
  return {
    media: folderOriginals(dataDir),
    backups: folderShelf(dataDir),
    setupTokens: memorySetupTokens(),
    analytics: folderAnalytics(dataDir),
    close: () => Promise.resolve(),
  };
}

/** The site's files for this configuration; the database's migrations must have run (openStore runs them). */
export async function openSiteFiles(config: Config): Promise<SiteFiles> {
  if (!config.databaseUrl) return folderFiles(config.dataDir);
  const pool = openPool(config.databaseUrl, 2, "media and backups");
  try {
    const media = await openPgMediaOriginals(config.databaseUrl, pool, config.dataDir);
    return {
      media,
      backups: pgBackupShelf(pool),
      setupTokens: pgSetupTokens(pool),
      analytics: pgAnalytics(pool),
      async close() {
        await media.close();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
