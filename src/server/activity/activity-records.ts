import type { ActivityEntry, ActivityKind } from "~/shared/activity";

/**
 * Where the activity log's entries are kept: a file of one entry a line in the data folder
 * (activity-file.ts), or PostgreSQL's `activity` table (pg-activity-records.ts). Append-only from
 * the application's side (docs/decisions/102-activity-log.md): entries are added, and removed only
 * once older than the kept period; none is ever changed.
 */
export type ActivityRecords = {
  append(entry: ActivityEntry): Promise<void>;
  /**
   * True when the store's own write keeps the entries it carries (PostgreSQL's `activity` table,
   * in the write's transaction), so nothing is appended after it.
   */
  keptByStore?: boolean;
  /** Matching entries, newest first. */
  query(filter: { userId?: number; kind?: ActivityKind }): Promise<ActivityEntry[]>;
  /** Everyone the entries name, for the person filter. */
  people(): Promise<{ id: number; username: string }[]>;
  /** Adds the entries whose id is missing (a restored backup, db import); answers how many. */
  addMissing(entries: readonly ActivityEntry[]): Promise<number>;
  /** Removes the entries recorded before `time`; answers how many. */
  removeBefore(time: Date): Promise<number>;
  close(): Promise<void>;
};

/** Newest first; entries of one millisecond by id, so the order is the same on both stores. */
export const newestFirst = (a: ActivityEntry, b: ActivityEntry) =>
  Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The people an entry list names, by id, with the name of their latest entry. */
export function peopleOf(entries: readonly ActivityEntry[]): { id: number; username: string }[] {
  const byId = new Map<number, string>();
  for (const entry of [...entries].sort(newestFirst)) {
    if (entry.userId !== undefined && !byId.has(entry.userId)) byId.set(entry.userId, entry.username ?? "");
  }
  return [...byId].map(([id, username]) => ({ id, username })).sort((a, b) => a.username.localeCompare(b.username));
}
