import type { z } from "zod";
import { ValidationError, type FieldErrors } from "~/server/http/errors";
import type { ActivityEntry } from "~/shared/activity";
import type { DbFile } from "./db-schema";
import type { Snapshot } from "./db-snapshot";
import type { ChangeKind } from "./types";

/**
 * A write as a pure function of the committed data: it answers the next data (or none when nothing
 * changes), its result and what changed. Typed errors are thrown before anything is written.
 */
export type Change<R> = {
  next?: DbFile;
  result: R;
  kinds: ChangeKind[];
  /**
   * Activity entries that record this change, written with it: in the same journal record on
   * the data folder, in the same transaction on PostgreSQL
   * (docs/decisions/163-activity-written-with-its-change.md).
   */
  activity?: ActivityEntry[];
};

/**
 * A change with the activity entry `log` makes of its result, when it writes something: `log` is
 * called after the change function, on what it answers, and may answer no entry.
 */
export function withActivity<R>(
  change: (snap: Snapshot, now: string) => Change<R>,
  log: ((result: R) => ActivityEntry | undefined) | undefined,
): (snap: Snapshot, now: string) => Change<R> {
  if (!log) return change;
  return (snap, now) => {
    const made = change(snap, now);
    const entry = made.next && log(made.result);
    return entry ? { ...made, activity: [...(made.activity ?? []), entry] } : made;
  };
}

export const INVALID_RECORD_MESSAGE = "The data is not valid.";

/**
 * Every record is checked against the same schema that loads db.json, so a write can never leave
 * a file the next start refuses. Callers validate user input first (src/shared/schemas.ts); this
 * is the last line, not the friendly one.
 */
export function checkRecord<T>(schema: z.ZodType<unknown>, value: T): T {
  const result = schema.safeParse(value);
  if (result.success) return value;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join(".") || "_";
    (errors[field] ??= []).push(issue.message);
  }
  throw new ValidationError(INVALID_RECORD_MESSAGE, errors);
}

/** Drops keys whose value is undefined, so optional fields are absent rather than `undefined`. */
export function withoutUndefined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
