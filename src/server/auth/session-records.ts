import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { describeIssues, DataFileError } from "~/server/store/db-schema";
import { DurableJsonFile } from "~/server/store/durable-file-adapter";

/**
 * Server-side session records (docs/architecture.md section 4): one small file beside db.json,
 * because a sign-in or a "last seen" update must not rewrite the whole content file. The sealed
 * cookie carries only a record's id, so deleting the record ends the session on the server.
 */
export const SESSIONS_FILE = "sessions.json";
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** `lastSeenAt` is rewritten at most this often per session, so browsing costs no write per request. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
const MAX_USER_AGENT = 300;

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

const recordSchema = z.object({
  id: z.string().min(16).max(100),
  userId: z.number().int().positive(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().max(MAX_USER_AGENT),
  ip: z.string().max(100),
});
const fileSchema = z.object({ sessions: z.array(recordSchema) });
type SessionsFile = z.infer<typeof fileSchema>;

function parseSessionsFile(raw: unknown, file: string): SessionsFile {
  const result = fileSchema.safeParse(raw);
  if (!result.success)
    throw new DataFileError(file, `does not match the sessions format (${describeIssues(result.error.issues)})`);
  return result.data;
}

const expired = (record: SessionRecord, now: number) => Date.parse(record.expiresAt) <= now;

export type SessionRecords = ReturnType<typeof createSessionRecords>;

/**
 * Opens `<dataDir>/sessions.json`, dropping expired records. A file that cannot be read is moved
 * aside (`sessions.json.unreadable-<time>`) and everyone signs in again: unlike db.json it holds
 * nothing that cannot be recreated, and refusing to start over it would lock every admin out.
 */
export async function openSessionRecords(dataDir: string, { now = () => Date.now() } = {}) {
  const file = new DurableJsonFile(path.join(dataDir, SESSIONS_FILE), parseSessionsFile);
  let stored: SessionsFile | null;
  try {
    stored = await file.read();
  } catch (error) {
    if (!(error instanceof DataFileError)) throw error;
    const aside = `${file.file}.unreadable-${new Date().toISOString().replace(/:/g, "-")}`;
    await fs.rename(file.file, aside);
    console.warn(`${file.file} could not be read (${error.message}). Moved it to ${aside}; everyone signs in again.`);
    stored = null;
  }
  await file.removeLeftoverTemps();
  return createSessionRecords(file, stored?.sessions ?? [], now);
}

function createSessionRecords(file: DurableJsonFile<SessionsFile>, initial: SessionRecord[], now: () => number) {
  const records = new Map(initial.filter((r) => !expired(r, now())).map((r) => [r.id, r]));
  let saving: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;
  let closed = false;

  /**
   * Resolves once the file holds every change made before the call. Changes made while a write is
   * on its way are gathered into the next write, so a burst of sign-ins costs a few writes.
   */
  const persist = (): Promise<void> => {
    // After close the data folder may be gone or someone else's: later changes stay in memory.
    if (closed) return Promise.resolve();
    if (queued) return queued;
    const write = saving.then(() => {
      queued = undefined;
      return file.write({ sessions: [...records.values()] });
    });
    queued = write;
    saving = write.catch(() => undefined);
    return write;
  };

  const prune = () => {
    const t = now();
    let removed = 0;
    for (const record of records.values()) if (expired(record, t) && records.delete(record.id)) removed += 1;
    return removed;
  };

  const removeWhere = async (match: (record: SessionRecord) => boolean): Promise<number> => {
    const ids = [...records.values()].filter(match).map((r) => r.id);
    ids.forEach((id) => records.delete(id));
    if (ids.length + prune() > 0) await persist();
    return ids.length;
  };

  return {
    /** Creates a record and resolves once it is on disk. */
    async create({ userId, userAgent = "", ip = "" }: NewSession): Promise<SessionRecord> {
      prune();
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
      records.set(record.id, record);
      await persist();
      return record;
    },

    /** The live record of an id, or undefined when it is unknown or has expired. */
    get(id: string): SessionRecord | undefined {
      const record = records.get(id);
      return record && !expired(record, now()) ? record : undefined;
    },

    /**
     * Notes that a session was used. Written at most every LAST_SEEN_EVERY_MS, and not awaited by
     * the request: losing one "last seen" time to a crash costs nothing.
     */
    touch(id: string): void {
      const record = records.get(id);
      if (!record || now() - Date.parse(record.lastSeenAt) < LAST_SEEN_EVERY_MS) return;
      records.set(id, { ...record, lastSeenAt: new Date(now()).toISOString() });
      persist().catch((error: unknown) => console.error("Could not note a session's last use:", error));
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

    /** Ends one session; answers whether it existed. Resolves once the file no longer holds it. */
    async remove(id: string): Promise<boolean> {
      return (await removeWhere((r) => r.id === id)) > 0;
    },

    /** Ends the matching sessions and answers how many there were. */
    removeWhere,

    /** Resolves once every change so far is on disk. */
    async close(): Promise<void> {
      closed = true;
      await saving;
    },
  };
}
