import { NotFoundError } from "~/server/http/errors";
import type { Change } from "~/server/store/change";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { Lifecycle, LifecycleRecord } from "./lifecycle";

/**
 * A change to one record that is not a save of it: its updatedAt, last writer and revisions stay
 * as they are, so nobody's open editor takes it for a colleague's save. Ending its preview links
 * (docs/decisions/181-shared-preview-links.md) and noting that the editor showed a notice are such.
 */
export function changeWithoutSaving<R extends LifecycleRecord>(
  lifecycle: Lifecycle<R>,
  snap: Snapshot,
  id: number,
  change: (record: R) => R,
): Change<R> {
  const old = lifecycle.byId(snap, id);
  if (!old) throw new NotFoundError(lifecycle.messages.notFound(id));
  const record = change(old);
  const items = lifecycle.items.of(snap.data).map((r) => (r.id === id ? record : r));
  return { next: lifecycle.items.with(snap.data, items), result: record, kinds: [lifecycle.kind] };
}
