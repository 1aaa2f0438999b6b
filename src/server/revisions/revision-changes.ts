import { isDeepStrictEqual } from "node:util";
import type { DbFile } from "~/server/store/db-schema";
import type { Actor, Revision } from "~/server/store/types";

/**
 * Revisions of anything editors change, kept beside the records in the store (db.json's
 * `revisions`, PostgreSQL's revisions table): one list for every kind of subject, each revision
 * keyed by its subject's kind and id (docs/decisions/096-revisions-kept-generically.md).
 */

/** Consecutive saves by one person closer than this to a revision's first save fold into it. */
export const FOLD_WINDOW_MS = 10 * 60 * 1000;

export type RevisionPolicy = {
  /** The newest this many revisions of each subject are kept, whatever their age. */
  kept: number;
  /** Every revision saved less than this many days ago is kept, however many. */
  days: number;
};

export const DEFAULT_REVISION_POLICY: RevisionPolicy = { kept: 100, days: 30 };

export type Snapshot = Record<string, unknown>;

/** What a save asks to keep: a subject's snapshot, who saved it, and whether it was a restore. */
export type RevisionEntry = {
  subject: string;
  subjectId: number;
  snapshot: Snapshot;
  by?: Actor;
  /** Who, by name only, when it was no account (a backup's restore). */
  byName?: string;
  /** The fields that differ from the version before this save. */
  changed: string[];
  origin?: Revision["origin"];
  restoredFrom?: number;
};

/** The fields whose values differ between two snapshots, in the order of `fields`. */
export function changedFields(before: Snapshot | undefined, after: Snapshot, fields: readonly string[]): string[] {
  // A first version names the fields it fills in.
  const filled = (value: unknown) => value !== undefined && value !== "" && !(Array.isArray(value) && !value.length);
  if (!before) return fields.filter((f) => filled(after[f]));
  return fields.filter((f) => !isDeepStrictEqual(before[f], after[f]));
}

/** The subject's revisions, oldest first (ids grow with time). */
export function revisionsOf(data: DbFile, subject: string, subjectId: number): Revision[] {
  return (data.revisions ?? []).filter((r) => r.subject === subject && r.subjectId === subjectId);
}

function latestOf(list: readonly Revision[], subject: string, subjectId: number): Revision | undefined {
  for (let i = list.length - 1; i >= 0; i--) {
    const r = list[i]!;
    if (r.subject === subject && r.subjectId === subjectId) return r;
  }
  return undefined;
}

/**
 * A save by the same person as the subject's latest revision, within FOLD_WINDOW_MS of that
 * revision's first save, replaces its snapshot (autosave): an editing session is one revision,
 * while one that runs on past the window still leaves a revision every ten minutes. Restores are
 * never folded, nor folded into: each is a version of its own.
 */
function foldsInto(latest: Revision | undefined, entry: RevisionEntry, now: string): latest is Revision {
  if (!latest || entry.origin || latest.origin || !entry.by || latest.by?.id !== entry.by.id) return false;
  const age = Date.parse(now) - Date.parse(latest.createdAt);
  return age >= 0 && age < FOLD_WINDOW_MS;
}

/** The counter, which loading keeps above every id (db-schema.ts); counted only when a file has none. */
const nextIdOf = (data: DbFile, list: readonly Revision[]) =>
  data.meta.nextRevisionId ?? list.reduce((next, r) => Math.max(next, r.id + 1), 1);

/**
 * The data with one more revision of a subject (or its latest folded), as a change function's
 * next data. A save that changes nothing beside the latest revision adds none.
 */
export function addRevision(data: DbFile, entry: RevisionEntry, now: string): DbFile {
  const list = data.revisions ?? [];
  const latest = latestOf(list, entry.subject, entry.subjectId);
  if (latest && !entry.origin && isDeepStrictEqual(latest.snapshot, entry.snapshot)) return data;
  if (foldsInto(latest, entry, now)) {
    const before = list.filter((r) => r.subject === entry.subject && r.subjectId === entry.subjectId).at(-2);
    const fields = Object.keys({ ...latest.snapshot, ...entry.snapshot });
    // Against the version before the folded one, so a field changed and changed back is not named.
    const changed = before
      ? changedFields(before.snapshot, entry.snapshot, fields)
      : [...new Set([...latest.changed, ...entry.changed])];
    const folded: Revision = { ...latest, snapshot: entry.snapshot, savedAt: now, changed };
    return { ...data, revisions: list.map((r) => (r === latest ? folded : r)) };
  }
  const id = nextIdOf(data, list);
  const revision: Revision = {
    id,
    subject: entry.subject,
    subjectId: entry.subjectId,
    ...(entry.by && { by: { id: entry.by.id, username: entry.by.username } }),
    ...(entry.byName && { byName: entry.byName }),
    createdAt: now,
    savedAt: now,
    changed: entry.changed,
    snapshot: entry.snapshot,
    ...(entry.origin && { origin: entry.origin }),
    ...(entry.restoredFrom !== undefined && { restoredFrom: entry.restoredFrom }),
  };
  return { ...data, revisions: list.concat(revision), meta: { ...data.meta, nextRevisionId: id + 1 } };
}

/**
 * Revisions from elsewhere (a backup) for subjects that have none here, renumbered after this
 * store's own so no id is shared; `restoredFrom` follows its revision's new id.
 */
export function adoptRevisions(data: DbFile, given: readonly Revision[]): DbFile {
  if (given.length === 0) return data;
  const list = data.revisions ?? [];
  let next = nextIdOf(data, list);
  const ids = new Map<number, number>();
  const adopted = [...given]
    .sort((a, b) => a.id - b.id)
    .map((r) => {
      ids.set(r.id, next);
      return { ...r, id: next++ };
    });
  const relinked = adopted.map((r) => {
    if (r.restoredFrom === undefined) return r;
    const restoredFrom = ids.get(r.restoredFrom);
    const { restoredFrom: _old, ...rest } = r;
    return restoredFrom === undefined ? rest : { ...rest, restoredFrom };
  });
  return { ...data, revisions: list.concat(relinked), meta: { ...data.meta, nextRevisionId: next } };
}

/** The data without the revisions of subjects deleted for good. */
export function dropRevisions(data: DbFile, subject: string, ids: ReadonlySet<number>): DbFile {
  const list = data.revisions ?? [];
  const kept = list.filter((r) => r.subject !== subject || !ids.has(r.subjectId));
  return kept.length === list.length ? data : { ...data, revisions: kept };
}

/**
 * The revisions the policy keeps: per subject, the newest `kept`, and every one saved within
 * `days` of now. Answers the same list when none goes.
 */
export function prunedRevisions(list: readonly Revision[], policy: RevisionPolicy, now: string): readonly Revision[] {
  const since = Date.parse(now) - policy.days * 24 * 60 * 60 * 1000;
  const seen = new Map<string, number>();
  const keep = new Set<Revision>();
  for (let i = list.length - 1; i >= 0; i--) {
    const r = list[i]!;
    const key = `${r.subject}:${r.subjectId}`;
    const rank = (seen.get(key) ?? 0) + 1;
    seen.set(key, rank);
    if (rank <= policy.kept || Date.parse(r.savedAt) >= since) keep.add(r);
  }
  return keep.size === list.length ? list : list.filter((r) => keep.has(r));
}
