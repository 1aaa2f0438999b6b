import { addRevision, changedFields, revisionsOf, type RevisionEntry } from "~/server/revisions/revision-changes";
import type { DbFile } from "~/server/store/db-schema";
import type { Actor, Revision } from "~/server/store/types";
import type { RevisionSummary } from "~/shared/revisions";
import type { Lifecycle, LifecycleRecord } from "./lifecycle";

/** How a save came about: who made it, and whether it put back an earlier version. */
export type SaveOrigin = { by?: Actor; origin?: Revision["origin"]; restoredFrom?: number };

/** A revision as a history's list shows it: who saved it, when, what changed, without its snapshot. */
export const revisionSummaryOf = (r: Revision): RevisionSummary => ({
  id: r.id,
  createdAt: r.createdAt,
  savedAt: r.savedAt,
  by: r.by ?? null,
  changed: r.changed,
  ...(r.origin && { origin: r.origin }),
  ...(r.restoredFrom !== undefined && { restoredFrom: r.restoredFrom }),
});

/**
 * The data with the revision of a record as just saved, under its collection's subject. A record
 * saved before revisions were kept gets its earlier version first, so the first edit of an old
 * record can still be undone.
 */
export function keepRevision<R extends LifecycleRecord>(
  data: DbFile,
  lifecycle: Lifecycle<R>,
  before: R | undefined,
  after: R,
  save: SaveOrigin,
  now: string,
): DbFile {
  const { subject } = lifecycle;
  const snapshot = lifecycle.snapshotOf(after);
  const previous = before && lifecycle.snapshotOf(before);
  let next = data;
  if (before && revisionsOf(data, subject, before.id).length === 0) {
    const baseline: RevisionEntry = { subject, subjectId: before.id, snapshot: previous!, changed: [] };
    next = addRevision(next, baseline, before.updatedAt);
  }
  const entry: RevisionEntry = {
    subject,
    subjectId: after.id,
    snapshot,
    changed: changedFields(previous, snapshot, lifecycle.revisionFields),
    ...save,
  };
  return addRevision(next, entry, now);
}
