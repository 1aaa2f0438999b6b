import { NotFoundError } from "~/server/http/errors";
import {
  DEFAULT_REVISION_POLICY,
  dropRevisions,
  prunedRevisions,
  type RevisionPolicy,
} from "~/server/revisions/revision-changes";
import type { Change } from "~/server/store/change";
import type { DbFile } from "~/server/store/db-schema";
import type { Snapshot } from "~/server/store/db-snapshot";
import { redirectsAfter, redirectTarget } from "~/server/store/slug-redirects";
import type { Actor } from "~/server/store/types";
import type { Lifecycle, LifecycleRecord, Trashed } from "./lifecycle";

/**
 * The lifecycle's trash, for any collection that opts in (docs/architecture.md section 4): a
 * deleted record waits there with its revisions and its old addresses for the trash period, its
 * address kept for it, until it is put back or deleted for good.
 */

/** How long history is kept: revisions by the policy, trashed records for `trashDays`. */
export type HistoryPolicy = { revisions: RevisionPolicy; trashDays: number };

export const DEFAULT_HISTORY_POLICY: HistoryPolicy = { revisions: DEFAULT_REVISION_POLICY, trashDays: 30 };

/**
 * Moves records to the trash; ids already gone are not an error, the caller compares. Many go in
 * one write: purging 10,000 one by one would rewrite db.json for each. The id counter is left
 * alone, so the ids stay retired.
 */
export function trashItems<R extends LifecycleRecord>(
  lifecycle: Lifecycle<R>,
  snap: Snapshot,
  ids: readonly number[],
  now: string,
  by?: Actor,
): Change<R[]> {
  const doomed = new Set(ids);
  const items = lifecycle.items.of(snap.data);
  const removed = items.filter((r) => doomed.has(r.id));
  if (removed.length === 0) return { result: removed, kinds: [] };
  const trashed = removed.map((r): Trashed<R> => ({
    ...r,
    deletedAt: now,
    ...(by && { deletedBy: { id: by.id, username: by.username } }),
  }));
  let next = lifecycle.items.with(
    snap.data,
    items.filter((r) => !doomed.has(r.id)),
  );
  next = lifecycle.trash.with(next, lifecycle.trash.of(next).concat(trashed));
  return { next, result: removed, kinds: [lifecycle.kind] };
}

function trashed<R extends LifecycleRecord>(lifecycle: Lifecycle<R>, data: DbFile, id: number): Trashed<R> {
  const found = lifecycle.trash.of(data).find((r) => r.id === id);
  if (!found) throw new NotFoundError(lifecycle.messages.notInTrash(id));
  return found;
}

/** Puts a trashed record back as it was deleted; its address was kept for it, so it is free. */
export function restoreFromTrash<R extends LifecycleRecord>(
  lifecycle: Lifecycle<R>,
  snap: Snapshot,
  id: number,
): Change<R> {
  const { deletedAt: _at, deletedBy: _by, ...record } = trashed(lifecycle, snap.data, id);
  const back = record as unknown as R;
  let next = lifecycle.items.with(snap.data, [back].concat(lifecycle.items.of(snap.data)));
  next = lifecycle.trash.with(
    next,
    lifecycle.trash.of(next).filter((r) => r.id !== id),
  );
  return { next, result: back, kinds: [lifecycle.kind] };
}

/** The data without these trashed records, their revisions and the old addresses leading to them. */
function withoutForGood<R extends LifecycleRecord>(
  lifecycle: Lifecycle<R>,
  data: DbFile,
  ids: ReadonlySet<number>,
): DbFile {
  if (ids.size === 0) return data;
  const trash = lifecycle.trash.of(data);
  let next = lifecycle.trash.with(
    data,
    trash.filter((r) => !ids.has(r.id)),
  );
  next = dropRevisions(next, lifecycle.subject, ids);
  const redirects = redirectsAfter(
    lifecycle.redirects.of(data),
    [],
    () => false,
    (id) => ids.has(id),
  );
  return lifecycle.redirects.with(next, redirects);
}

export function deleteForGood<R extends LifecycleRecord>(
  lifecycle: Lifecycle<R>,
  snap: Snapshot,
  id: number,
): Change<Trashed<R>> {
  const record = trashed(lifecycle, snap.data, id);
  // Nothing public changes: the record was already off every page.
  return { next: withoutForGood(lifecycle, snap.data, new Set([id])), result: record, kinds: [] };
}

/** What a sweep does to one collection: its trash deleted before `since` goes for good. */
export type TrashExpiry = (data: DbFile, since: number) => { data: DbFile; expired: number[] };

export function trashExpiry<R extends LifecycleRecord>(lifecycle: Lifecycle<R>): TrashExpiry {
  return (data, since) => {
    const expired = lifecycle.trash
      .of(data)
      .filter((r) => Date.parse(r.deletedAt) < since)
      .map((r) => r.id);
    return { data: withoutForGood(lifecycle, data, new Set(expired)), expired };
  };
}

/**
 * Trashed records past the trash period go for good, in every collection given, and revisions
 * past the policy (at start, then periodically: posts/history-sweeper.ts).
 */
export function sweepHistory(
  collections: readonly TrashExpiry[],
  snap: Snapshot,
  policy: HistoryPolicy,
  now: string,
): Change<{ expired: number[] }> {
  const since = Date.parse(now) - policy.trashDays * 24 * 60 * 60 * 1000;
  let data = snap.data;
  const expired: number[] = [];
  for (const expire of collections) {
    const swept = expire(data, since);
    data = swept.data;
    expired.push(...swept.expired);
  }
  const list = data.revisions ?? [];
  const revisions = prunedRevisions(list, policy.revisions, now);
  if (data === snap.data && revisions === list) return { result: { expired }, kinds: [] };
  return { next: { ...data, revisions: revisions as DbFile["revisions"] }, result: { expired }, kinds: [] };
}

/**
 * The record an old address leads to, when no record holds that address: `shown` while it is
 * published and on the site, so the old address answers 301; otherwise the old address is a 404
 * that names the record's address too, so the page cache drops it when the record is shown again.
 */
export function resolveRedirect<R extends LifecycleRecord>(
  lifecycle: Lifecycle<R>,
  snap: Snapshot,
  address: string,
): { address: string; shown: boolean } | undefined {
  if (lifecycle.byAddress(snap, address)) return undefined;
  const to = redirectTarget(lifecycle.redirects.of(snap.data), address);
  if (to === undefined) return undefined;
  const live = lifecycle.byId(snap, to);
  const record = live ?? lifecycle.trash.of(snap.data).find((r) => r.id === to);
  return record && { address: lifecycle.addressOf(record), shown: live?.published === true };
}
