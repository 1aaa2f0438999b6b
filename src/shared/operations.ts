/**
 * The answers of the operations endpoints (docs/product.md sections 3 and 7), shared by the server and the
 * admin pages that show them.
 */
import type { BackupHolds, KindOutcomes, ScheduledBackupHealth } from "./backups";
import type { ScheduleHealth } from "./post-schedule";
import { plural } from "./plural";

export type HealthReport = {
  timestamp: string;
  databaseConnected: boolean;
  environmentComplete: boolean;
  /** Names of settings a production site should set; never their values. */
  missingEnvVars: string[];
  /** Published posts: what readers can see (drafts, scheduled and trashed posts are not counted). */
  postsCount: number | null;
  /** The first reason the server is unhealthy, in words an operator can act on. */
  error: string | null;
  /** Set while the store's last save failed, until one succeeds (a full or read-only disk). */
  lastWriteError: string | null;
  /** When the store last saved successfully since the server started. */
  lastWriteAt: string | null;
  /**
   * Set while the data folder's journal cannot be folded into db.json (a disk without room for
   * its new copy); saves go on into the journal meanwhile. Null otherwise, and with PostgreSQL.
   */
  foldError: string | null;
  /** Free space of the data folder's file system, for the server's user; null when unknown. */
  freeBytes: number | null;
  /** Size of the data file; null when unknown. */
  dataBytes: number | null;
  /** When the newest backup in the backups folder was written; null when there is none. */
  lastBackupAt: string | null;
  /** Scheduled publishing: schedules failing now (retried every tick) and recent late publishes. */
  schedules: ScheduleHealth;
  /** Scheduled backups (BACKUP_SCHEDULE): the last one this server took, and a failure until one succeeds. */
  scheduledBackups: ScheduledBackupHealth;
  version: string;
  uptimeSeconds: number;
  /** With PostgreSQL (DATABASE_URL): the round trip of a query, in milliseconds; absent with the data folder. */
  databaseLatencyMs?: number;
};

/**
 * What the health report shows to anyone: whether the site can save, whether its settings are
 * complete, and how many posts readers can see. The rest (errors, disk, backups, version,
 * schedules) is for admins, who see the whole report (docs/decisions/010-storage-errors-and-health.md).
 */
export const PUBLIC_HEALTH_FIELDS = [
  "databaseConnected",
  "environmentComplete",
  "missingEnvVars",
  "postsCount",
] as const;
export type PublicHealthReport = Pick<HealthReport, (typeof PUBLIC_HEALTH_FIELDS)[number]>;

/** `count` is null for a file in the backups folder that is not a readable backup (restoring it says why). */
/**
 * A kept backup. `count` is null when the file does not say (a hand-made one) or is damaged;
 * `damaged` says why a file cannot be restored (cut off), read when the list is made.
 */
export type BackupInfo = {
  name: string;
  createdAt: string;
  /** In bytes. */
  size: number;
  count: number | null;
  /** What it holds, kind by kind (src/shared/backups.ts); absent when the file does not say. */
  holds?: BackupHolds;
  damaged?: string;
};

export type BackupResult = { count: number; file: string };

/** A post a restore or an import did not store: its id, the field that breaks a post rule and the rule's message. */
export type RefusedPost = { id: number; field: string; message: string };

/** " Refused 1 post that breaks the post rules: post 7 slug (...)." or nothing when none was refused. */
export function describeRefused(refused: readonly RefusedPost[]): string {
  if (refused.length === 0) return "";
  const posts = new Set(refused.map((r) => r.id)).size;
  const fields = refused.map((r) => `post ${r.id} ${r.field} (${r.message})`).join("; ");
  const counted = `${plural(posts, "post")} that ${posts === 1 ? "breaks" : "break"}`;
  return ` Refused ${counted} the post rules: ${fields}.`;
}

/** "1 post", "3 posts": for the messages of backups, restores and imports. */
export const countPosts = (n: number, what = "post") => plural(n, what);

export type RestoreResult = {
  success: boolean;
  restored: number;
  skipped: number;
  /** One entry per broken field; a post listed here was not stored. */
  refused: RefusedPost[];
  message: string;
  /** What the restore did, kind by kind, for each kind it was asked for. */
  kinds?: KindOutcomes;
};

export type PurgeResult = {
  results: { totalPosts: number; deleted: number; failed: number };
  backup?: string;
  message?: string;
};

export type TestRemovalResult = {
  message: string;
  deletedPosts: { id?: number; title: string }[];
  backup?: string;
  error?: string;
  /** Set on a dry run, which removes nothing: `wouldDelete` lists what a removal would take. */
  dryRun?: true;
  wouldDelete?: { id: number; title: string }[];
};
