import type pg from "pg";
import type { ActivityEntry } from "~/shared/activity";

/**
 * The `activity` table's rows (migration 009-activity-log): written here because a write's own
 * entries commit in its transaction (docs/decisions/163-activity-written-with-its-change.md), and
 * read by the activity log (src/server/activity/pg-activity-records.ts).
 */
const INSERT = `INSERT INTO activity (id, at, kind, user_id, username, ip, what)
  SELECT * FROM UNNEST($1::text[], $2::timestamptz[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[])
  ON CONFLICT (id) DO NOTHING`;

/** Inserts entries, skipping ids already there; through the pool, or a write's own transaction (pg-store.ts). */
export async function insertActivity(
  pool: pg.Pool | pg.ClientBase,
  entries: readonly ActivityEntry[],
): Promise<number> {
  const column = <T>(pick: (e: ActivityEntry) => T) => entries.map(pick);
  const { rowCount } = await pool.query(INSERT, [
    column((e) => e.id),
    column((e) => e.at),
    column((e) => e.kind),
    column((e) => e.userId ?? null),
    column((e) => e.username ?? null),
    column((e) => e.ip),
    column((e) => e.what),
  ]);
  return rowCount ?? 0;
}
