/**
 * What a write changed in one list of records, found without comparing fields: records are
 * frozen and a change reuses every one it did not touch (db-snapshot.ts), so a record that is not
 * the very same object as before under its id is new or changed. A write at 10,000 posts thus
 * does not rebuild indexes or sort to learn that it added one.
 */
type Identified = { readonly id: number };

export type ChangedRecords<R> = { upsert: R[]; remove: number[] };

/**
 * How many records both lists start with (`start`) and end with (`end`), the very same objects.
 * Most writes keep the untouched records in their order (a create adds one in front, an edit
 * replaces one in place), so skipping them is a compare per record, where a lookup per record
 * (twice per write) cost about a millisecond at 10,000 posts (`npm run bench -- --postgres`). Ids
 * are unique in each list, so no record between the common ends shares an id with one outside them.
 */
export function commonEnds(before: readonly unknown[], after: readonly unknown[]): { start: number; end: number } {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start++;
  let end = 0;
  while (end < shorter - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { start, end };
}

export function changedRecords<R extends Identified>(
  before: readonly R[],
  beforeById: ReadonlyMap<number, R> | undefined,
  after: readonly R[],
): ChangedRecords<R> {
  const { start, end } = commonEnds(before, after);
  const middleBefore = before.slice(start, before.length - end);
  const middleAfter = after.slice(start, after.length - end);
  // Without an index (the journal's lists, db-journal.ts), one of the few records between the common ends.
  const byId = beforeById ?? new Map(middleBefore.map((r) => [r.id, r]));

  const upsert: R[] = [];
  let known = 0; // records of the middle of `after` whose id `before` holds: all of its middle when none was removed
  for (const record of middleAfter) {
    const old = byId.get(record.id);
    if (old !== undefined) known++;
    if (old !== record) upsert.push(record);
  }
  if (known === middleBefore.length) return { upsert, remove: [] };
  const kept = new Set(middleAfter.map((r) => r.id));
  return { upsert, remove: middleBefore.filter((r) => !kept.has(r.id)).map((r) => r.id) };
}
