/**
 * The answers of the operations endpoints (SPEC sections 3 and 7), shared by the server and the
 * admin pages that show them.
 */
export type HealthReport = {
  timestamp: string;
  databaseConnected: boolean;
  environmentComplete: boolean;
  /** Names of settings a production site should set; never their values. */
  missingEnvVars: string[];
  postsCount: number | null;
  error: string | null;
  /** With PostgreSQL (DATABASE_URL): the round trip of a query, in milliseconds; absent with the data folder. */
  databaseLatencyMs?: number;
};

/** `count` is null for a file in the backups folder that is not a readable backup (restoring it says why). */
export type BackupInfo = { name: string; createdAt: string; size: number; count: number | null };

export type BackupResult = { count: number; file: string };

export type RestoreResult = { success: boolean; restored: number; skipped: number; message: string };

export type PurgeResult = { results: { totalPosts: number; deleted: number; failed: number }; backup?: string; message?: string };

export type TestRemovalResult = { message: string; deletedPosts: { id?: number; title: string }[]; backup?: string; error?: string };
