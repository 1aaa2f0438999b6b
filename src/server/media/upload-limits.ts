import fs from "node:fs/promises";
import path from "node:path";
import { MEDIA_MESSAGES } from "~/shared/media";
import type { Config } from "~/server/config";
import { HttpError, TooManyRequestsError } from "~/server/http/errors";
import { createRateLimiter, type CounterFactory } from "~/server/http/rate-limiter";
import { requiredFreeBytes } from "~/server/operations/health";
import { DB_FILE } from "~/server/store/json-store";

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** 507 Insufficient Storage (RFC 4918 11.5): the disk would drop below the reserve health keeps. */
export class DiskTooFullError extends HttpError {
  constructor() {
    super(507, MEDIA_MESSAGES.diskTooFull, undefined, { "Retry-After": "60" });
  }
}

/**
 * What one signed-in user may upload (docs/decisions/150-upload-limits-and-unused-images.md): a
 * number of images a minute and of bytes a day, counted per user id, in memory on the data folder
 * and in the database's rate_limits table with PostgreSQL, so instances share the counts.
 */
export function createUploadLimits(
  config: Pick<Config, "uploadLimits" | "minFreeBytes" | "dataDir">,
  counterIn?: (limiter: string) => CounterFactory,
) {
  const { perMinute, bytesPerDay } = config.uploadLimits;
  const uploads = createRateLimiter({ limit: perMinute, windowMs: MINUTE_MS }, counterIn?.("upload-count"));
  // In KiB: PostgreSQL's rate_limits counts in an integer column, which a quota in bytes could pass.
  const kib = createRateLimiter({ limit: Math.ceil(bytesPerDay / 1024), windowMs: DAY_MS }, counterIn?.("upload-kib"));

  return {
    /** Counts one upload of `userId` before its body is read: 429 past the rate. */
    async countUpload(userId: number): Promise<void> {
      const verdict = await uploads.take(String(userId));
      if (verdict.limited)
        throw new TooManyRequestsError(MEDIA_MESSAGES.tooManyUploads(perMinute), verdict.retryAfterSeconds);
    },

    /**
     * Counts `size` bytes against the user's day (429 past it, the bytes not counted) and checks
     * the disk keeps its reserve with the image and its copies on it (507); answers the refund
     * for an upload that stored nothing new.
     */
    async admit(userId: number, size: number): Promise<() => Promise<void>> {
      const key = String(userId);
      const cost = Math.max(1, Math.ceil(size / 1024));
      const verdict = await kib.take(key, cost);
      if (verdict.limited) {
        await kib.refund(key, cost); // a refused upload stores nothing, so it spends nothing
        throw new TooManyRequestsError(MEDIA_MESSAGES.uploadQuota(bytesPerDay), verdict.retryAfterSeconds);
      }
      const refund = () => kib.refund(key, cost);
      try {
        await checkDisk(config, size);
      } catch (error) {
        await refund();
        throw error;
      }
      return refund;
    },
  };
}

export type UploadLimiter = ReturnType<typeof createUploadLimits>;

/**
 * The data folder's disk after this upload must keep the reserve health asks for (MIN_FREE_BYTES,
 * docs/decisions/010-storage-errors-and-health.md): twice the upload, for the original and its
 * resized copies. A disk that cannot be asked (statfs unsupported) lets the write itself decide.
 */
async function checkDisk(config: Pick<Config, "minFreeBytes" | "dataDir">, size: number): Promise<void> {
  let free: number;
  try {
    const stats = await fs.statfs(config.dataDir);
    free = stats.bavail * stats.bsize; // what an unprivileged process may use
  } catch {
    return;
  }
  const data = await fs.stat(path.join(config.dataDir, DB_FILE)).then(
    (stat) => stat.size,
    () => null,
  );
  if (free - 2 * size < requiredFreeBytes(config, data)) throw new DiskTooFullError();
}
