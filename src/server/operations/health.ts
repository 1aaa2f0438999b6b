import fs from "node:fs/promises";
import path from "node:path";
import { version } from "../../../package.json";
import { PUBLIC_HEALTH_FIELDS, type HealthReport, type PublicHealthReport } from "~/shared/operations";
import { folderShelf } from "~/server/backups/backup-folder";
import type { BackupShelf } from "~/server/backups/backup-shelf";
import type { Config } from "~/server/config";
import { writeFileDurably } from "~/server/store/durable-file-adapter";
import { DB_FILE } from "~/server/store/json-store";
import type { FoldTrouble, Post } from "~/server/store/types";
import type { Scheduler } from "~/server/lifecycle/scheduler";
import type { BackupScheduler } from "~/server/backups/backup-scheduler";
import { scheduleHealth } from "~/server/posts/schedule-health";
import type { Store } from "~/server/records/store";

const MB = 1024 * 1024;

export const HEALTH_REPORT_ERRORS = {
  unreadable: (cause: string) => `The store could not be read: ${cause}`,
  // Only the error code: the report is public, and a message would show the data folder's path.
  unwritable: (code: string) => `The data folder cannot be written (${code}).`,
  // Likewise only the code: a driver's message may name the database's host.
  unreachable: (code: string) => `The database cannot be reached (${code}).`,
  lowSpace: (free: number, needed: number) =>
    `The data folder's disk has only ${toMb(free)} MB free, below the ${toMb(needed)} MB the server keeps ` +
    "in reserve to save safely. Free disk space on the server.",
  /** The journal waits to be folded into db.json (docs/decisions/162-a-fold-that-does-not-fit-waits.md). */
  foldNoRoom: (need: number, free: number, pending: number) =>
    `The journal cannot be folded into ${DB_FILE}: that needs about ${toMb(need)} MB free and the disk has ` +
    `${toMb(free)} MB. Saves go on into the journal (${pending} not folded yet), which grows until then: ` +
    "free disk space on the server.",
  foldFailed: (code: string, pending: number) =>
    `Folding the journal into ${DB_FILE} failed (${code}); saves go on into the journal (${pending} not folded ` +
    "yet). The server log has the details.",
} as const;

const toMb = (bytes: number) => (bytes / MB).toFixed(1);

export type HealthService = {
  /** Never throws: a failure is the report's `error`. */
  check(): Promise<HealthReport>;
};

/** The fields anyone may read; the whole report is for admins (health-router.ts). */
export function publicHealth(report: HealthReport): PublicHealthReport {
  return Object.fromEntries(PUBLIC_HEALTH_FIELDS.map((field) => [field, report[field]])) as PublicHealthReport;
}

/** HTTP status for a report: 503 tells a load balancer or uptime monitor to look. */
export const healthStatus = (report: HealthReport) => (report.databaseConnected ? 200 : 503);

/**
 * The free space health asks for: MIN_FREE_BYTES when set, else the larger of 64 MB and three
 * times db.json, since every save writes a whole new copy beside the old one before the rename.
 */
export const requiredFreeBytes = (config: Pick<Config, "minFreeBytes">, dataBytes: number | null) =>
  config.minFreeBytes ?? Math.max(64 * MB, 3 * (dataBytes ?? 0));

let probes = 0;
const started = Date.now();

/**
 * The system health check (docs/decisions/010-storage-errors-and-health.md). Its public part names
 * settings but never shows a value; the rest is for admins (health-router.ts). `databaseConnected` is true only when the store answers a read,
 * its last save did not fail, a write probe in the data folder succeeds and the disk has room.
 * While the last save failed, each check saves the data once more through the store's queue, so
 * the server reports healthy again as soon as the disk is fixed, without waiting for a user.
 * The probe goes the way every real write goes (writeFileDurably: temp file, fsync, rename, fsync
 * of the folder) to a file of its own, which is then removed. Checks asked for while one runs
 * share it: the endpoint is public and each probe costs two fsyncs.
 */
export function createHealthService({
  store,
  config,
  backups = folderShelf(config.dataDir),
  scheduler,
  backupScheduler,
}: {
  store: Store;
  config: Config;
  /** Where the backups are (the database's with DATABASE_URL). */
  backups?: BackupShelf;
  /** Scheduled publishing, whose failures and late publishes the report lists. */
  scheduler: Scheduler;
  /** Scheduled backups, whose last one and failure the report lists; absent: BACKUP_SCHEDULE=off. */
  backupScheduler?: BackupScheduler;
}): HealthService {
  let running: Promise<HealthReport> | undefined;

  async function probe(): Promise<HealthReport> {
    let posts: readonly Post[] = [];
    let postsCount: number | null = null;
    let readError: string | null = null;
    try {
      posts = await store.listPosts();
      postsCount = posts.filter((post) => post.published).length;
    } catch (err) {
      readError = HEALTH_REPORT_ERRORS.unreadable(err instanceof Error ? err.message : String(err));
    }
    if (readError === null && store.lastWrite().error) await store.retryWrite().catch(() => {});
    const { at: lastWriteAt, error: writeError } = store.lastWrite();
    const [writable, freeBytes, dataBytes, lastBackupAt] = await Promise.all([
      probeWrite(config.dataDir),
      freeSpace(config.dataDir),
      fileSize(path.join(config.dataDir, DB_FILE)),
      newestBackupTime(backups),
    ]);
    const needed = requiredFreeBytes(config, dataBytes);
    const lowSpace = freeBytes !== null && freeBytes < needed ? HEALTH_REPORT_ERRORS.lowSpace(freeBytes, needed) : null;
    const unwritable = writable === true ? null : HEALTH_REPORT_ERRORS.unwritable(writable);
    const foldError = describeFoldTrouble(store.foldTrouble?.());
    // With PostgreSQL, reads answer from memory, so only a round trip says the database is there.
    const latency = store.ping ? await probeDatabase(store.ping.bind(store)) : undefined;
    const unreachable = typeof latency === "string" ? HEALTH_REPORT_ERRORS.unreachable(latency) : null;
    const error = readError ?? unreachable ?? writeError?.message ?? unwritable ?? lowSpace ?? foldError;
    const missingEnvVars = [...config.missingProductionSettings];
    return {
      timestamp: new Date().toISOString(),
      databaseConnected: error === null,
      ...(typeof latency === "number" && { databaseLatencyMs: Math.round(latency * 10) / 10 }),
      environmentComplete: missingEnvVars.length === 0,
      missingEnvVars,
      postsCount,
      error,
      lastWriteError: writeError?.message ?? null,
      lastWriteAt,
      foldError,
      freeBytes,
      dataBytes,
      lastBackupAt,
      schedules: scheduleHealth(posts, scheduler),
      scheduledBackups: backupScheduler?.health() ?? { schedule: "off", lastScheduledAt: null, failure: null },
      version,
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
    };
  }

  return {
    check() {
      running ??= probe().finally(() => (running = undefined));
      return running;
    },
  };
}

function describeFoldTrouble(trouble: FoldTrouble | undefined): string | null {
  if (!trouble) return null;
  const { code, needBytes, freeBytes, pending = 0 } = trouble;
  return needBytes !== undefined && freeBytes !== undefined
    ? HEALTH_REPORT_ERRORS.foldNoRoom(needBytes, freeBytes, pending)
    : HEALTH_REPORT_ERRORS.foldFailed(code, pending);
}

/** A database that does not answer within this long counts as unreachable. */
export const DATABASE_PROBE_TIMEOUT_MS = 3000;

/** Milliseconds, or the error code of the failed round trip. */
async function probeDatabase(ping: () => Promise<number>): Promise<number | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })),
      DATABASE_PROBE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([ping(), timeout]);
  } catch (err) {
    return (err as { code?: string }).code ?? "unknown error";
  } finally {
    clearTimeout(timer);
  }
}

/** The probe's files; a crash between its write and its removal leaves one, removed at start. */
export const HEALTH_PROBE_FILE = /^\.health-probe-(\d+)-\d+$/;

/** True, or the error code of the failed write. */
async function probeWrite(dataDir: string): Promise<true | string> {
  const file = path.join(dataDir, `.health-probe-${process.pid}-${++probes}`);
  try {
    await writeFileDurably(file, new Date().toISOString());
    await fs.rm(file);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? "unknown error";
  }
}

/** Space an unprivileged process may use (`bavail`, not `bfree`, which counts root's reserve). */
async function freeSpace(dir: string): Promise<number | null> {
  try {
    const stats = await fs.statfs(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

async function fileSize(file: string): Promise<number | null> {
  try {
    return (await fs.stat(file)).size;
  } catch {
    return null;
  }
}

async function newestBackupTime(backups: BackupShelf): Promise<string | null> {
  try {
    return (await backups.newestTime()) ?? null;
  } catch {
    return null;
  }
}
