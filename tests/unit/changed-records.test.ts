import { expect, it } from "vitest";
import { changedRecords } from "~/server/store/changed-records";

/**
 * changedRecords skips the records both lists start and end with; what it finds must be what a
 * lookup of every record finds, whatever a write did to the list.
 */
type Rec = { readonly id: number; readonly v: number };

function byLookup(before: readonly Rec[], after: readonly Rec[]) {
  const old = new Map(before.map((r) => [r.id, r]));
  const kept = new Set(after.map((r) => r.id));
  return {
    upsert: after.filter((r) => old.get(r.id) !== r),
    remove: before.filter((r) => !kept.has(r.id)).map((r) => r.id),
  };
}

/** A tiny seeded generator, so a failure repeats. */
function random(seed: number) {
  return (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
}

const edits: ((list: Rec[], pick: (n: number) => number, next: () => number) => Rec[])[] = [
  (list, _pick, next) => [{ id: next(), v: 0 }, ...list], // a create, in front
  (list, _pick, next) => [...list, { id: next(), v: 0 }], // an import, at the end
  (list, pick) => {
    const i = pick(list.length);
    return list.map((r, j) => (j === i ? { ...r, v: r.v + 1 } : r)); // an edit in place
  },
  (list, pick) => {
    const i = pick(list.length);
    return list.filter((_, j) => j !== i); // a delete
  },
  (list, pick) => {
    // an edit that moves the post (a new date): out of its place, in elsewhere
    const i = pick(list.length);
    const rest = list.filter((_, j) => j !== i);
    const at = pick(rest.length + 1);
    return [...rest.slice(0, at), { ...list[i]!, v: list[i]!.v + 1 }, ...rest.slice(at)];
  },
  (list, pick) => list.filter(() => pick(4) !== 0), // a bulk delete
  (list, pick) => list.map((r) => (pick(5) === 0 ? { ...r, v: r.v + 1 } : r)), // a tag rename
];

it("finds the same records to write and to remove as a lookup of every record, for any write", () => {
  const pick = random(46);
  let id = 0;
  const next = () => ++id;
  let list: Rec[] = Array.from({ length: 30 }, () => ({ id: next(), v: 0 }));
  for (let round = 0; round < 2000; round++) {
    const before = list;
    // Up to three edits at once, as restores and tag merges change several records in one write.
    const times = 1 + pick(3);
    for (let k = 0; k < times; k++) {
      list = list.length ? edits[pick(edits.length)]!(list, pick, next) : [{ id: next(), v: 0 }];
    }
    const found = changedRecords(before, new Map(before.map((r) => [r.id, r])), list);
    expect(found).toEqual(byLookup(before, list));
  }
});

it("finds nothing when the list is the same, and everything when it is new", () => {
  const list = [1, 2, 3].map((id) => ({ id, v: 0 }));
  expect(changedRecords(list, new Map(list.map((r) => [r.id, r])), list)).toEqual({ upsert: [], remove: [] });
  const fresh = [4, 5].map((id) => ({ id, v: 0 }));
  expect(changedRecords(list, new Map(list.map((r) => [r.id, r])), fresh)).toEqual({
    upsert: fresh,
    remove: [1, 2, 3],
  });
});
