/**
 * A read-only map made of an unchanged base and a few changes over it, so a write at 10,000
 * posts patches the snapshot's indexes in time proportional to what it changed, not by copying
 * 10,000 entries (docs/decisions/046-writes-in-time-of-their-change.md). Changes pile up over
 * writes and are folded into a fresh base once there are MAX_CHANGES: a full copy every few
 * hundred writes instead of every write. Iteration order is not a Map's insertion order; the
 * snapshot's maps are looked up, never listed in order.
 */
const GONE = Symbol("removed");
const MAX_CHANGES = 256;

export class PatchedMap<K, V> implements ReadonlyMap<K, V> {
  readonly size: number;

  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly changes: ReadonlyMap<K, V | typeof GONE>,
  ) {
    let size = base.size;
    for (const [key, value] of changes) {
      const before = base.has(key);
      if (value === GONE) size -= before ? 1 : 0;
      else size += before ? 0 : 1;
    }
    this.size = size;
  }

  /** `map` with `set` entries set and `remove` keys removed (removals first). */
  static patch<K, V>(map: ReadonlyMap<K, V>, set: Iterable<[K, V]>, remove: Iterable<K> = []): ReadonlyMap<K, V> {
    const base = map instanceof PatchedMap ? (map.base as ReadonlyMap<K, V>) : map;
    const changes = new Map<K, V | typeof GONE>(map instanceof PatchedMap ? map.changes : []);
    for (const key of remove) changes.set(key, GONE);
    for (const [key, value] of set) changes.set(key, value);
    if (changes.size <= MAX_CHANGES) return new PatchedMap(base, changes);
    const whole = new Map(base);
    for (const [key, value] of changes) {
      if (value === GONE) whole.delete(key);
      else whole.set(key, value);
    }
    return whole;
  }

  get(key: K): V | undefined {
    if (!this.changes.has(key)) return this.base.get(key);
    const value = this.changes.get(key);
    return value === GONE ? undefined : value;
  }

  has(key: K): boolean {
    return this.changes.has(key) ? this.changes.get(key) !== GONE : this.base.has(key);
  }

  *entries(): MapIterator<[K, V]> {
    for (const entry of this.base) if (!this.changes.has(entry[0])) yield entry;
    for (const [key, value] of this.changes) if (value !== GONE) yield [key, value];
  }

  *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
}
