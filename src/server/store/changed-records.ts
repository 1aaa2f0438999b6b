/**
 * What a write changed in one list of records, found without comparing fields: records are
 * frozen and a change reuses every one it did not touch (db-snapshot.ts), so a record that is not
 * the very same object as before under its id is new or changed. One pass of map lookups, so a
 * write at 10,000 posts does not rebuild indexes or sort to learn that it added one.
 */
type Identified = { readonly id: number };

export type ChangedRecords<R> = { upsert: R[]; remove: number[] };

export function changedRecords<R extends Identified>(
  before: readonly R[],
  beforeById: ReadonlyMap<number, R>,
  after: readonly R[],
): ChangedRecords<R> {
  const upsert: R[] = [];
  let known = 0; // records of `after` whose id `before` holds: all of them when nothing was removed
  for (const record of after) {
    const old = beforeById.get(record.id);
    if (old !== undefined) known++;
    if (old !== record) upsert.push(record);
  }
  if (known === before.length) return { upsert, remove: [] };
  const kept = new Set(after.map((r) => r.id));
  return { upsert, remove: before.filter((r) => !kept.has(r.id)).map((r) => r.id) };
}
