import type pg from "pg";
import type { AnalyticsStorage } from "./analytics-storage";
import type { CountRow, Dimension } from "./tally";

/**
 * PostgreSQL's `analytics_daily` (migrations/010): each flush adds its rows' counts in one
 * statement, `INSERT ... ON CONFLICT DO UPDATE` adding to what is there, so instances flushing at
 * once each add theirs and none overwrites another's.
 */
export function pgAnalytics(pool: pg.Pool): AnalyticsStorage {
  return {
    async add(rows) {
      if (rows.length === 0) return;
      const column = <K extends keyof CountRow>(name: K) => rows.map((row) => row[name]);
      await pool.query(
        `INSERT INTO analytics_daily (day, dimension, key, views, visitors, entries, leads)
         SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[])
         ON CONFLICT (day, dimension, key) DO UPDATE SET
           views = analytics_daily.views + EXCLUDED.views,
           visitors = analytics_daily.visitors + EXCLUDED.visitors,
           entries = analytics_daily.entries + EXCLUDED.entries,
           leads = analytics_daily.leads + EXCLUDED.leads`,
        [
          column("day"),
          column("dimension"),
          column("key"),
          column("views"),
          column("visitors"),
          column("entries"),
          column("leads"),
        ],
      );
    },
    async read(from, to) {
      const { rows } = await pool.query<CountRow & { dimension: Dimension }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, dimension, key, views, visitors, entries, leads
         FROM analytics_daily WHERE day BETWEEN $1 AND $2`,
        [from, to],
      );
      return rows;
    },
  };
}
