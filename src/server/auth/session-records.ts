import { SESSIONS_FILE } from "~/server/store/folder-layout";
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { describeIssues, DataFileError } from "~/server/store/db-schema";
import { DurableJsonFile } from "~/server/store/durable-file-adapter";
import { expired, MAX_USER_AGENT, sessionCache, type SessionRecord, type SessionRecords } from "./session-cache";

/**
 * Server-side session records (docs/architecture.md section 4): one small file beside db.json,
 * because a sign-in or a "last seen" update must not rewrite the whole content file. The sealed
 * cookie carries only a record's id, so deleting the record ends the session on the server.
 */
export { SESSIONS_FILE };

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

function createSessionRecords(
  file: DurableJsonFile<SessionsFile>,
  initial: SessionRecord[],
  now: () => number,
): SessionRecords {
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

  return sessionCache(
    records,
    {
      async add(record) {
        prune();
        records.set(record.id, record);
        await persist();
      },
      touched: persist,
      // One process holds the data folder, so the map is what the file holds.
      lookUp: (id) => Promise.resolve(records.get(id)),
      async remove(ids) {
        ids.forEach((id) => records.delete(id));
        if (ids.length + prune() > 0) await persist();
      },
      async removeOfUser(userId, exceptId) {
        const ids = [...records.values()].filter((r) => r.userId === userId && r.id !== exceptId).map((r) => r.id);
        ids.forEach((id) => records.delete(id));
        if (ids.length + prune() > 0) await persist();
        return ids.length;
      },
      async close() {
        closed = true;
        await saving;
      },
    },
    now,
  );
}
