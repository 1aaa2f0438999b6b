import { randomBytes } from "node:crypto";
import {
  ACTIVITY_KEEP_DAYS,
  ACTIVITY_KINDS,
  ACTIVITY_MESSAGES,
  ACTIVITY_PAGE_SIZE,
  activityQuerySchema,
  type ActivityEntry,
  type ActivityKind,
  type ActivityPage,
} from "~/shared/activity";
import { fieldErrors } from "~/shared/field-errors";
import { csvDocument } from "~/server/http/csv";
import { ValidationError } from "~/server/http/errors";
import { pageOrEmpty } from "~/server/http/paging";
import type { ActivityRecords } from "./activity-records";
import type { Role } from "~/shared/permissions";
import type { ApiScope } from "~/shared/api-tokens";

/**
 * Who did it: the signed-in user, if any, their role (which the services check with
 * src/shared/permissions.ts; none for the command line and the tools' own calls), and the
 * client's address (src/server/http/trust-proxy.ts).
 */
/** `scopes`: an API token's, which narrow what the role may (src/shared/api-tokens.ts). */
export type Who = { user?: { id: number; username: string }; role?: Role; scopes?: ApiScope[]; ip: string };

/** Nobody in particular: the command line, or a test. */
export const NOBODY: Who = { ip: "" };

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const RETRY_MS = 5000;

export type ActivityLog = {
  /**
   * Appends one entry, durably, before it resolves. Called after the action it records is done,
   * so a failure is logged and the entry tried again, never thrown: the action must not answer
   * that it failed (docs/decisions/163-activity-written-with-its-change.md).
   */
  record(kind: ActivityKind, who: Who, what: string): Promise<void>;
  /**
   * An entry for the store to write with the change it records (`Change.activity`): in the same
   * journal record on the data folder, in the same transaction on PostgreSQL.
   */
  entry(kind: ActivityKind, who: Who, what: string): ActivityEntry;
  /**
   * After a write that carried `entries` committed: the data folder's log appends those it lacks
   * (a failure is logged and retried, never thrown). PostgreSQL's write stored them already.
   */
  written(entries: readonly ActivityEntry[]): Promise<void>;
  /** The Activity tab: one page of the entries the query matches, newest first. */
  page(query: unknown): Promise<ActivityPage>;
  /** Every entry the query matches, as CSV (all pages). */
  csv(query: unknown): Promise<string>;
  /** Every entry, newest first: for backups and db export. */
  entries(): Promise<ActivityEntry[]>;
  /** Adds back the entries whose id is missing (a restored backup, db import); answers how many. */
  addMissing(entries: readonly ActivityEntry[]): Promise<number>;
  /** Removes what is older than the kept period; done at start and every hour. */
  removeExpired(): Promise<number>;
  close(): Promise<void>;
};

/**
 * An id that sorts by time, then by chance: entries from several instances never collide. The time
 * is the log's own, which never repeats (`record`), so one instance's entries sort as recorded.
 */
const entryId = (at: number) => `${at.toString(36).padStart(9, "0")}-${randomBytes(6).toString("hex")}`;

/** Attacker-chosen words (a failed sign-in's username) are cut to what the entry holds. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function parseQuery(raw: unknown) {
  const parsed = activityQuerySchema.safeParse(raw ?? {});
  if (!parsed.success) throw new ValidationError(ACTIVITY_MESSAGES.invalidQuery, fieldErrors(parsed.error));
  return parsed.data;
}

const CSV_COLUMNS = ["when", "kind", "user id", "username", "what", "from"];

/**
 * The activity log (docs/decisions/102-activity-log.md) over its records: entries older than
 * ACTIVITY_KEEP_DAYS go at start and every hour after, on a timer that does not keep the process up.
 */
export async function createActivityLog(
  records: ActivityRecords,
  { now = () => Date.now(), keepDays = ACTIVITY_KEEP_DAYS } = {},
): Promise<ActivityLog> {
  const removeExpired = () => records.removeBefore(new Date(now() - keepDays * DAY_MS));
  await removeExpired();
  const timer = setInterval(() => {
    removeExpired().catch((error: unknown) => console.error("Could not remove expired activity entries:", error));
  }, HOUR_MS);
  timer.unref();

  const matching = (raw: unknown) => {
    const { user, kind } = parseQuery(raw);
    return records.query({ userId: user, kind });
  };

  // The ids' times: a millisecond on from the last when entries come faster than the clock moves.
  let idTime = 0;
  const entry = (kind: ActivityKind, who: Who, what: string): ActivityEntry => {
    const at = now();
    idTime = Math.max(at, idTime + 1);
    return {
      id: entryId(idTime),
      at: new Date(at).toISOString(),
      kind,
      ...(who.user && { userId: who.user.id, username: clip(who.user.username, 200) }),
      ip: clip(who.ip, 100),
      what: clip(what, 1000),
    };
  };

  /**
   * Entries whose append failed (the database away, a disk refusing): their actions are done, so
   * they are kept here and tried again with the next append and every RETRY_MS, logged once per
   * failing turn, rather than failing the action's answer.
   */
  const unwritten = new Map<string, ActivityEntry>();
  let failing = false;
  const flush = async (added: readonly ActivityEntry[]) => {
    for (const e of added) unwritten.set(e.id, e);
    const waiting = [...unwritten.values()];
    try {
      await records.addMissing(waiting);
      waiting.forEach((e) => unwritten.delete(e.id));
      failing = false;
    } catch (error) {
      if (!failing) console.error(`Could not store ${waiting.length} activity entries; trying again:`, error);
      failing = true;
    }
  };
  const retry = setInterval(() => {
    if (unwritten.size) void flush([]);
  }, RETRY_MS);
  retry.unref();

  return {
    record: (kind, who, what) => flush([entry(kind, who, what)]),
    entry,
    written: (entries) => (records.keptByStore || entries.length === 0 ? Promise.resolve() : flush(entries)),
    async page(raw) {
      const query = parseQuery(raw);
      const [found, people] = await Promise.all([
        records.query({ userId: query.user, kind: query.kind }),
        records.people(),
      ]);
      const { items, ...position } = pageOrEmpty(found, query.page, ACTIVITY_PAGE_SIZE);
      return { entries: items, ...position, people };
    },
    async csv(raw) {
      const rows = (await matching(raw)).map((e) => [
        e.at,
        ACTIVITY_KINDS[e.kind],
        e.userId === undefined ? "" : String(e.userId),
        e.username ?? "",
        e.what,
        e.ip,
      ]);
      return csvDocument(CSV_COLUMNS, rows);
    },
    entries: () => records.query({}),
    // An entry past the kept period would only be removed again within the hour.
    addMissing: (entries) => records.addMissing(entries.filter((e) => Date.parse(e.at) >= now() - keepDays * DAY_MS)),
    removeExpired,
    async close() {
      clearInterval(timer);
      clearInterval(retry);
      if (unwritten.size) await flush([]);
      await records.close();
    },
  };
}
