import fs from "node:fs/promises";
import path from "node:path";
import type { HealthReport } from "../shared/operations";
import type { Config } from "./config";
import { writeFileDurably } from "./store/durable-file-adapter";
import type { Store } from "./store/types";

export const HEALTH_REPORT_ERRORS = {
  unreadable: (cause: string) => `The store could not be read: ${cause}`,
  // Only the error code: the report is public, and a message would show the data folder's path.
  unwritable: (code: string) => `The data folder cannot be written (${code}).`,
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
      error = HEALTH_REPORT_ERRORS.unreadable(err instanceof Error ? err.message : String(err));
    }
    const writable = await probeWrite(config.dataDir);
    if (writable !== true) error ??= HEALTH_REPORT_ERRORS.unwritable(writable);
    const missingEnvVars = [...config.missingProductionSettings];
    return {
      timestamp: new Date().toISOString(),
      databaseConnected: postsCount !== null && writable === true,
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
