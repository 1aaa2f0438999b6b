import type pg from "pg";
import type { ActivityEntry } from "~/shared/activity";
import { openPool } from "~/server/store/pg/pg-pool";
import type { ActivityRecords } from "./activity-records";

/**
 * The activity log in PostgreSQL's `activity` table (migration 009-activity-log), which every
 * instance appends to and reads, so each sees the same log (docs/decisions/102-activity-log.md).
 */
type Row = {
  id: string;
  at: Date;
  kind: ActivityEntry["kind"];
  user_id: number | null;
  username: string | null;
  ip: string;
  what: string;
};

const fromRow = (row: Row): ActivityEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  kind: row.kind,
  ...(row.user_id !== null && { userId: Number(row.user_id) }),
  ...(row.username !== null && { username: row.username }),
  ip: row.ip,
  what: row.what,
});

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

export function openPgActivityRecords(url: string): ActivityRecords {
  const pool = openPool(url, 2, "activity log");
  return {
    keptByStore: true,
    async append(entry) {
      await insertActivity(pool, [entry]);
    },
    async query({ userId, kind }) {
      const { rows } = await pool.query<Row>(
        `SELECT * FROM activity WHERE ($1::bigint IS NULL OR user_id = $1) AND ($2::text IS NULL OR kind = $2)
         ORDER BY at DESC, id COLLATE "C" DESC`,
        [userId ?? null, kind ?? null],
      );
      return rows.map(fromRow);
    },
    async people() {
      const { rows } = await pool.query<{ id: string; username: string | null }>(
        `SELECT DISTINCT ON (user_id) user_id AS id, username FROM activity
         WHERE user_id IS NOT NULL ORDER BY user_id, at DESC`,
      );
      return rows
        .map((row) => ({ id: Number(row.id), username: row.username ?? "" }))
        .sort((a, b) => a.username.localeCompare(b.username));
    },
    // A few thousand rows a statement keeps each within the protocol's parameter sizes.
    async addMissing(entries) {
      let added = 0;
      for (let i = 0; i < entries.length; i += 5000) added += await insertActivity(pool, entries.slice(i, i + 5000));
      return added;
    },
    async removeBefore(time) {
      const { rowCount } = await pool.query("DELETE FROM activity WHERE at < $1", [time.toISOString()]);
      return rowCount ?? 0;
    },
    close: () => pool.end(),
  };
}
