import { randomBytes } from "node:crypto";

/**
 * The live session records every instance keeps in memory, so checking a session costs no read
 * (docs/architecture.md section 4). The file (session-records.ts) and PostgreSQL
 * (pg-session-records.ts) storages share this logic and differ only in how a change is stored.
 */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** `lastSeenAt` is rewritten at most this often per session, so browsing costs no write per request. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
export const MAX_USER_AGENT = 300;

export type SessionRecord = {
  /** 192 random bits, base64url; only ever sent to the browser sealed. */
  id: string;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** For the admin's list of sessions; truncated, may be empty. */
  userAgent: string;
  ip: string;
};

export type NewSession = { userId: number; userAgent?: string; ip?: string };

export const expired = (record: SessionRecord, now: number) => Date.parse(record.expiresAt) <= now;

/** How a storage keeps the changes; each puts them in the shared map in the order it needs. */
export type SessionStorage = {
  /** Stores a new record and adds it to the map; resolves once it is stored. */
  add(record: SessionRecord): Promise<void>;
  /** Stores a newer `lastSeenAt` (already in the map); not awaited by the request. */
  touched(id: string, lastSeenAt: string): Promise<void>;
  /**
   * The record of an id as storage holds it now, put in the map (or dropped from it): for a write,
   * and for an id the map lacks, which another instance may have just created.
   */
  lookUp(id: string): Promise<SessionRecord | undefined>;
  /** Drops the records of these ids (one or more) from storage and from the map. */
  remove(ids: string[]): Promise<void>;
  /**
   * Drops every record of a user but `exceptId` from storage and from the map, those another
   * instance has just created included; answers how many there were.
   */
  removeOfUser(userId: number, exceptId?: string): Promise<number>;
  /** Resolves once every change so far is stored; later changes stay in memory. */
  close(): Promise<void>;
};

export type SessionRecords = ReturnType<typeof sessionCache>;

export function sessionCache(records: Map<string, SessionRecord>, storage: SessionStorage, now: () => number) {
  const removeWhere = async (match: (record: SessionRecord) => boolean): Promise<number> => {
    const ids = [...records.values()].filter(match).map((r) => r.id);
    await storage.remove(ids);
    return ids.length;
  };

  return {
    /** Creates a record and resolves once it is stored. */
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
      await storage.add(record);
      return record;
    },

    /** The live record of an id, or undefined when it is unknown or has expired. */
    get(id: string): SessionRecord | undefined {
      const record = records.get(id);
      return record && !expired(record, now()) ? record : undefined;
    },

    /** The live record of an id as storage holds it now (docs/decisions/087-sessions-checked-in-storage.md). */
    async lookUp(id: string): Promise<SessionRecord | undefined> {
      const record = await storage.lookUp(id);
      return record && !expired(record, now()) ? record : undefined;
    },

    /**
     * Notes that a session was used. Written at most every LAST_SEEN_EVERY_MS, and not awaited by
     * the request: losing one "last seen" time to a crash costs nothing.
     */
    touch(id: string): void {
      const record = records.get(id);
      if (!record || now() - Date.parse(record.lastSeenAt) < LAST_SEEN_EVERY_MS) return;
      const lastSeenAt = new Date(now()).toISOString();
      records.set(id, { ...record, lastSeenAt });
      storage
        .touched(id, lastSeenAt)
        .catch((error: unknown) => console.error("Could not note a session's last use:", error));
    },

    /** The live sessions of a user, most recently used first. */
    listOf(userId: number): SessionRecord[] {
      const t = now();
      return [...records.values()]
        .filter((r) => r.userId === userId && !expired(r, t))
        .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt));
    },

    /** Every live record, for dropping those of users who are gone or disabled. */
    all(): SessionRecord[] {
      return [...records.values()];
    },

    /** Ends one session; answers whether it existed. Resolves once storage no longer holds it. */
    async remove(id: string): Promise<boolean> {
      return (await removeWhere((r) => r.id === id)) > 0;
    },

    /** Ends the matching sessions this instance knows of and answers how many there were. */
    removeWhere,

    /** Ends every session of a user, on every instance, but `exceptId`; answers how many there were. */
    removeOfUser: (userId: number, exceptId?: string) => storage.removeOfUser(userId, exceptId),

    /** Resolves once every change so far is stored. */
    close: () => storage.close(),
  };
}
