import pg from "pg";
import { pgTypes } from "~/server/store/pg/pg-types";
import { sessionCache, type SessionRecord, type SessionRecords } from "./session-cache";

/**
 * The session records of session-records.ts in PostgreSQL, for instances sharing one database
 * (docs/decisions/042-postgres-sessions.md). Each instance keeps every live record in memory, as
 * the file-backed records do (session-cache.ts), so checking a session costs no query; a created or ended session
 * is written first, then announced with NOTIFY, and every instance updates its copy.
 */
const CHANNEL = "queuesite_sessions";
const RECONNECT_MS = 1000;

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
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 10_000, types: pgTypes });
  pool.on("error", (error) => console.error("PostgreSQL connection lost (sessions):", error.message));
  pool.on("connect", (client) => client.on("error", () => undefined));
  const records = new Map<string, SessionRecord>();
  let closed = false;
  let listener: pg.Client | undefined;

  const reload = async () => {
    await pool.query("DELETE FROM sessions WHERE expires_at <= now()");
    const { rows } = await pool.query<Row>("SELECT * FROM sessions");
    records.clear();
    rows.map(fromRow).forEach((record) => records.set(record.id, record));
  };

  const fetchOne = async (id: string) => {
    const { rows } = await pool.query<Row>("SELECT * FROM sessions WHERE id = $1", [id]);
    if (rows[0]) records.set(id, fromRow(rows[0]));
    else records.delete(id);
  };

  const onNotice = (payload: string | undefined) => {
    const notice = JSON.parse(payload ?? "{}") as Notice;
    if ("removed" in notice) notice.removed?.forEach((id) => records.delete(id));
    if ("set" in notice && notice.set) {
      fetchOne(notice.set).catch((error: unknown) => console.error("Could not read a new session:", error));
    }
  };

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, types: pgTypes });
    client.on("notification", (message) => onNotice(message.payload));
    client.on("error", () => undefined);
    client.on("end", () => {
      if (listener !== client || closed) return;
      listener = undefined;
      // Sessions created or ended while it was down are read again once it is back.
      const retry = () =>
        setTimeout(() => {
          if (!closed) listen().then(reload).catch(retry);
        }, RECONNECT_MS).unref();
      retry();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };

  await listen();
  await reload();

  const notify = async (notice: Notice) => {
    await pool.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify(notice)]);
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
      async remove(ids) {
        if (ids.length === 0) return;
        await pool.query("DELETE FROM sessions WHERE id = ANY($1::text[])", [ids]);
        ids.forEach((id) => records.delete(id));
        // A notification carries at most 8000 bytes: about 200 ids each.
        for (let i = 0; i < ids.length; i += 200) await notify({ removed: ids.slice(i, i + 200) });
      },
      async close() {
        closed = true;
        const client = listener;
        listener = undefined;
        await client?.end().catch(() => undefined);
        await pool.end();
      },
    },
    now,
  );
}
