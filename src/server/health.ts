import fs from "node:fs/promises";
import path from "node:path";
import type { HealthReport } from "../shared/operations";
import type { Config } from "./config";
import { writeFileDurably } from "./store/durable-file-adapter";
import type { Store } from "./store/types";

export const HEALTH_MESSAGES = {
  unreadable: (cause: string) => `The store could not be read: ${cause}`,
  // Only the error code: the report is public, and a message would show the data folder's path.
  unwritable: (code: string) => `The data folder cannot be written (${code}).`,
  // Likewise only the code: a driver's message may name the database's host.
  unreachable: (code: string) => `The database cannot be reached (${code}).`,
} as const;

export type HealthService = {
  /** Never throws: a failure is the report's `error`. */
  check(): Promise<HealthReport>;
};

/** HTTP status for a report (issue 5): 503 tells a load balancer or uptime monitor to look. */
export const healthStatus = (report: HealthReport) => (report.databaseConnected ? 200 : 503);

let probes = 0;

/**
 * The system health check of issue 5 (SPEC section 3's report, public, so it names settings but
 * never shows a value). databaseConnected: the store answered a read and a write probe in the
 * data folder succeeded. The write probe goes the way every real write goes
 * (writeFileDurably: temp file, fsync, rename, fsync of the folder) to a file of its own, which
 * is then removed, so db.json is never touched. Checks asked for while one runs share it: the
 * endpoint is public and each probe costs two fsyncs.
 */
export function createHealthService({ store, config }: { store: Store; config: Config }): HealthService {
  let running: Promise<HealthReport> | undefined;

  async function probe(): Promise<HealthReport> {
    let postsCount: number | null = null;
    let error: string | null = null;
    try {
      postsCount = (await store.listPosts()).length;
    } catch (err) {
      error = HEALTH_MESSAGES.unreadable(err instanceof Error ? err.message : String(err));
    }
    // With PostgreSQL, reads answer from memory, so only a round trip says the database is there.
    const latency = store.ping ? await probeDatabase(store.ping.bind(store)) : undefined;
    if (typeof latency === "string") error ??= HEALTH_MESSAGES.unreachable(latency);
    // Backups are written to the data folder with either store.
    const writable = await probeWrite(config.dataDir);
    if (writable !== true) error ??= HEALTH_MESSAGES.unwritable(writable);
    const missingEnvVars = [...config.missingProductionSettings];
    return {
      timestamp: new Date().toISOString(),
      databaseConnected: postsCount !== null && writable === true && typeof latency !== "string",
      ...(typeof latency === "number" && { databaseLatencyMs: Math.round(latency * 10) / 10 }),
      environmentComplete: missingEnvVars.length === 0,
      missingEnvVars,
      postsCount,
      error,
    };
  }

  return {
    check() {
      running ??= probe().finally(() => (running = undefined));
      return running;
    },
  };
}

/** A database that does not answer within this long counts as unreachable. */
export const DATABASE_PROBE_TIMEOUT_MS = 3000;

/** Milliseconds, or the error code of the failed round trip. */
async function probeDatabase(ping: () => Promise<number>): Promise<number | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })), DATABASE_PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ping(), timeout]);
  } catch (err) {
    return (err as { code?: string }).code ?? "unknown error";
  } finally {
    clearTimeout(timer);
  }
}

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
