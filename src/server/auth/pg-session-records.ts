import { listenTo } from "~/server/store/pg/pg-listener";
import { openPool } from "~/server/store/pg/pg-pool";
import { sessionCache, type SessionRecord, type SessionRecords } from "./session-cache";

/**
 * The session records of session-records.ts in PostgreSQL, for instances sharing one database
 * (docs/decisions/042-postgres-sessions.md). Each instance keeps every live record in memory, as
 * the file-backed records do (session-cache.ts), so a read checks a session with no query; a created or ended session
 * is written first, then announced with NOTIFY, and every instance updates its copy. A write, and
 * an id the copy lacks, read the row (docs/decisions/087-sessions-checked-in-storage.md).
 */
const CHANNEL = "queuesite_sessions";

type Notice = { set?: string } | { removed?: string[] };
type Row = {
  id: string;
  user_id: number;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  user_agent: string;
  ip: string;
};

const fromRow = (row: Row): SessionRecord => ({
  id: row.id,
  userId: row.user_id,
  createdAt: row.created_at.toISOString(),
  lastSeenAt: row.last_seen_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
  userAgent: row.user_agent,
  ip: row.ip,
});

export async function openPgSessionRecords(url: string, { now = () => Date.now() } = {}): Promise<SessionRecords> {
  const pool = openPool(url, 2, "sessions");
  const records = new Map<string, SessionRecord>();
  let closed = false;

  const reload = async () => {
    await pool.query("DELETE FROM sessions WHERE expires_at <= now()");
    const { rows } = await pool.query<Row>("SELECT * FROM sessions");
    records.clear();
    rows.map(fromRow).forEach((record) => records.set(record.id, record));
  };

  /** One look-up by the primary key: a NOTIFY may not have reached this instance yet. */
  const fetchOne = async (id: string): Promise<SessionRecord | undefined> => {
    const { rows } = await pool.query<Row>("SELECT * FROM sessions WHERE id = $1", [id]);
    const record = rows[0] && fromRow(rows[0]);
    if (record) records.set(id, record);
    else records.delete(id);
    return record;
  };

  const onNotice = (payload: string | undefined) => {
    const notice = JSON.parse(payload ?? "{}") as Notice;
    if ("removed" in notice) notice.removed?.forEach((id) => records.delete(id));
    if ("set" in notice && notice.set) {
      fetchOne(notice.set).catch((error: unknown) => console.error("Could not read a new session:", error));
    }
  };

  // Sessions created or ended while the connection was down are read again once it is back.
  const listening = await listenTo(
    url,
    [CHANNEL],
    (_channel, payload) => onNotice(payload),
    () => void reload().catch((error: unknown) => console.error("Could not read the sessions again:", error)),
  );
  await reload();

  const notify = async (notice: Notice) => {
    await pool.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify(notice)]);
  };

  /** Drops removed ids from the copy and tells the other instances. */
  const forget = async (ids: string[]) => {
    ids.forEach((id) => records.delete(id));
    // A notification carries at most 8000 bytes: about 200 ids each.
    for (let i = 0; i < ids.length; i += 200) await notify({ removed: ids.slice(i, i + 200) });
  };

  return sessionCache(
    records,
    {
      async add(record) {
        await pool.query(
          `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, user_agent, ip)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            record.id,
            record.userId,
            record.createdAt,
            record.lastSeenAt,
            record.expiresAt,
            record.userAgent,
            record.ip,
          ],
        );
        records.set(record.id, record);
        await notify({ set: record.id });
      },
      /** Not announced: "last seen" is only shown. */
      async touched(id, lastSeenAt) {
        if (closed) return;
        await pool.query("UPDATE sessions SET last_seen_at = $2 WHERE id = $1", [id, lastSeenAt]);
      },
      lookUp: fetchOne,
      async remove(ids) {
        if (ids.length === 0) return;
        await pool.query("DELETE FROM sessions WHERE id = ANY($1::text[])", [ids]);
        await forget(ids);
      },
      /** By the user's index, not this instance's copy: a session created elsewhere just now ends too. */
      async removeOfUser(userId, exceptId) {
        const { rows } = await pool.query<{ id: string }>(
          "DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2 RETURNING id",
          [userId, exceptId ?? null],
        );
        await forget(rows.map((row) => row.id));
        return rows.length;
      },
      async close() {
        closed = true;
        await listening.close();
        await pool.end();
      },
    },
    now,
  );
}
