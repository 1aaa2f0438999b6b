import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { DataFileError, describeIssues } from "~/server/store/db-schema";
import { DurableJsonFile, writeFileDurably } from "~/server/store/durable-file-adapter";
import { makeFolder } from "~/server/store/make-folder";
import { DIMENSIONS, rowKey, type CountRow } from "./tally";

/**
 * Where the daily aggregates are kept: the data folder's `analytics/` or PostgreSQL's
 * `analytics_daily` (pg-analytics-storage.ts). Both only ever add: an instance stores the counts
 * it made since its last flush, so several instances' counts sum.
 */
export type AnalyticsStorage = {
  /** Adds each row's counts to the stored ones: all of them, or none when it fails. */
  add(rows: readonly CountRow[]): Promise<void>;
  /** The stored rows of the days `from` to `to`, both included. */
  read(from: string, to: string): Promise<CountRow[]>;
};

/** Every day a storage can hold, for `db export` and `db import`. */
export const ALL_DAYS = ["0001-01-01", "9999-12-31"] as const;

export const ANALYTICS_FOLDER = "analytics";

const count = z.number().int().min(0);
const monthFileSchema = z.object({
  format: z.literal("queuewise-analytics"),
  version: z.literal(1),
  /** [day, dimension, key, views, visitors, entries, leads] */
  rows: z.array(z.tuple([z.string(), z.enum(DIMENSIONS), z.string(), count, count, count, count])),
});
type MonthFile = z.infer<typeof monthFileSchema>;

function parseMonth(raw: unknown, file: string): Map<string, CountRow> {
  const result = monthFileSchema.safeParse(raw);
  if (!result.success) {
    throw new DataFileError(file, `is not an analytics file (${describeIssues(result.error.issues)})`);
  }
  const rows = result.data.rows.map(([day, dimension, key, views, visitors, entries, leads]) => ({
    ...{ day, dimension, key },
    ...{ views, visitors, entries, leads },
  }));
  return new Map(rows.map((row) => [rowKey(row.day, row.dimension, row.key), row]));
}

const toFile = (rows: Iterable<CountRow>): MonthFile => ({
  format: "queuewise-analytics",
  version: 1,
  rows: [...rows].map((r) => [r.day, r.dimension, r.key, r.views, r.visitors, r.entries, r.leads]),
});

/**
 * The data folder's aggregates: one file a month (`analytics/2026-11.json`), so a flush rewrites
 * a month's rows rather than years of them. Apart from db.json (docs/architecture.md section 4:
 * small, hot state has its own file) and written as db.json is, with fsync and an atomic rename.
 * Months once read stay in memory; a month is replaced there only once its file is on disk.
 */
export function folderAnalytics(dataDir: string): AnalyticsStorage {
  const dir = path.join(dataDir, ANALYTICS_FOLDER);
  const months = new Map<string, Map<string, CountRow>>();
  const fileOf = (month: string) => path.join(dir, `${month}.json`);
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  async function month(name: string): Promise<Map<string, CountRow>> {
    let rows = months.get(name);
    if (!rows) {
      rows = (await new DurableJsonFile(fileOf(name), parseMonth).read()) ?? new Map();
      months.set(name, rows);
    }
    return rows;
  }

  async function storedMonths(): Promise<string[]> {
    const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    return names.flatMap((name) => /^(\d{4}-\d{2})\.json$/.exec(name)?.[1] ?? []);
  }

  return {
    add: (rows) =>
      serial(async () => {
        const byMonth = new Map<string, CountRow[]>();
        for (const row of rows) {
          const name = row.day.slice(0, 7);
          const list = byMonth.get(name) ?? [];
          list.push(row);
          byMonth.set(name, list);
        }
        await makeFolder(dir);
        for (const [name, added] of byMonth) {
          const next = new Map([...(await month(name))].map(([id, row]) => [id, { ...row }]));
          for (const row of added) {
            const id = rowKey(row.day, row.dimension, row.key);
            const mine = next.get(id);
            if (!mine) next.set(id, { ...row });
            else {
              mine.views += row.views;
              mine.visitors += row.visitors;
              mine.entries += row.entries;
              mine.leads += row.leads;
            }
          }
          await writeFileDurably(fileOf(name), JSON.stringify(toFile(next.values())));
          months.set(name, next);
        }
      }),
    read: (from, to) =>
      serial(async () => {
        const wanted = (await storedMonths()).filter((m) => m >= from.slice(0, 7) && m <= to.slice(0, 7));
        const found: CountRow[] = [];
        for (const name of wanted) {
          for (const row of (await month(name)).values()) if (row.day >= from && row.day <= to) found.push({ ...row });
        }
        return found;
      }),
  };
}
