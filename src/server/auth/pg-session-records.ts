import { randomBytes } from "node:crypto";
import pg from "pg";
import { pgTypes } from "~/server/store/pg/pg-types";
import {
  LAST_SEEN_EVERY_MS,
  SESSION_TTL_SECONDS,
  type NewSession,
  type SessionRecord,
  type SessionRecords,
} from "./session-records";

/**
 * The session records of session-records.ts in PostgreSQL, for instances sharing one database
 * (docs/decisions/042-postgres-sessions.md). Each instance keeps every live record in memory, as
 * the file-backed records do, so checking a session costs no query; a created or ended session
 * is written first, then announced with NOTIFY, and every instance updates its copy.
 */
const CHANNEL = "queuesite_sessions";
const MAX_USER_AGENT = 300;
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

const expired = (record: SessionRecord, now: number) => Date.parse(record.expiresAt) <= now;

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

  const removeWhere = async (match: (record: SessionRecord) => boolean): Promise<number> => {
    const ids = [...records.values()].filter(match).map((r) => r.id);
    if (ids.length === 0) return 0;
    await pool.query("DELETE FROM sessions WHERE id = ANY($1::text[])", [ids]);
    ids.forEach((id) => records.delete(id));
    // A notification carries at most 8000 bytes: about 200 ids each.
    for (let i = 0; i < ids.length; i += 200) await notify({ removed: ids.slice(i, i + 200) });
    return ids.length;
  };

  return {
    async create({ userId, userAgent = "", ip = "" }: NewSession): Promise<SessionRecord> {
      const at = now();
      const record: SessionRecord = {
        id: randomBytes(24).toString("base64url"),
        userId,
        createdAt: new Date(at).toISOString(),
        lastSeenAt: new Date(at).toISOString(),
        expiresAt: new Date(at + SESSION_TTL_SECONDS * 1000).toISOString(),
        userAgent: userAgent.slice(0, MAX_USER_AGENT),
        ip: ip.slice(0, 100),
      };
      await pool.query(
        `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, user_agent, ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [record.id, userId, record.createdAt, record.lastSeenAt, record.expiresAt, record.userAgent, record.ip],
      );
      records.set(record.id, record);
      await notify({ set: record.id });
      return record;
    },

    get(id: string): SessionRecord | undefined {
      const record = records.get(id);
      return record && !expired(record, now()) ? record : undefined;
    },

    /** Written at most every LAST_SEEN_EVERY_MS per instance, and not announced: it is only shown. */
    touch(id: string): void {
      const record = records.get(id);
      if (closed || !record || now() - Date.parse(record.lastSeenAt) < LAST_SEEN_EVERY_MS) return;
      const lastSeenAt = new Date(now()).toISOString();
      records.set(id, { ...record, lastSeenAt });
      pool
        .query("UPDATE sessions SET last_seen_at = $2 WHERE id = $1", [id, lastSeenAt])
        .catch((error: unknown) => console.error("Could not note a session's last use:", error));
    },

    listOf(userId: number): SessionRecord[] {
      const t = now();
      return [...records.values()]
        .filter((r) => r.userId === userId && !expired(r, t))
        .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt));
    },

    all(): SessionRecord[] {
      return [...records.values()];
    },

    async remove(id: string): Promise<boolean> {
      return (await removeWhere((r) => r.id === id)) > 0;
    },

    removeWhere,

    async close(): Promise<void> {
      closed = true;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
