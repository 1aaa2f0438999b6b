import { z } from "zod";
import { ALL_DAYS, type AnalyticsStorage } from "./analytics-storage";
import { DIMENSIONS, type CountRow } from "./tally";

/**
 * The analytics' daily counts in a post backup (backup-file.ts), as rows
 * `[day, dimension, key, views, visitors, entries, leads]`. A backup is outside input, so every
 * row is bounded as a restored post is.
 */
export type BackupAnalytics = [string, CountRow["dimension"], string, number, number, number, number][];

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const backupAnalyticsSchema = z
  .array(
    z.tuple([
      z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      z.enum(DIMENSIONS),
      z.string().max(2_048),
      count,
      count,
      count,
      count,
    ]),
  )
  .max(1_000_000);

/** Every stored row, for a backup. */
export async function analyticsForBackup(storage: AnalyticsStorage): Promise<BackupAnalytics> {
  const rows = await storage.read(...ALL_DAYS);
  return rows.map((r) => [r.day, r.dimension, r.key, r.views, r.visitors, r.entries, r.leads]);
}

/**
 * Adds back the days of a backup the site has no counts for, as a restore adds back only the
 * posts that are missing: a day already counted is left as it is, so a restore never counts a
 * view twice. Answers how many days came back.
 */
export async function restoreAnalytics(storage: AnalyticsStorage, backup: BackupAnalytics): Promise<number> {
  const missing = await missingAnalytics(storage, backup);
  if (missing.length === 0) return 0;
  await storage.add(missing);
  return new Set(missing.map((r) => r.day)).size;
}

/** The rows of a backup's days the site has no counts for: what restoreAnalytics adds. */
export async function missingAnalytics(storage: AnalyticsStorage, backup: BackupAnalytics): Promise<CountRow[]> {
  if (backup.length === 0) return [];
  const rows: CountRow[] = backup.map(([day, dimension, key, views, visitors, entries, leads]) => ({
    ...{ day, dimension, key },
    ...{ views, visitors, entries, leads },
  }));
  const days = rows.map((r) => r.day).sort();
  const counted = new Set((await storage.read(days[0]!, days.at(-1)!)).map((r) => r.day));
  return rows.filter((r) => !counted.has(r.day));
}
