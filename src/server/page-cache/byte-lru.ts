/**
 * A least-recently-used map bounded by the total size of its values, in bytes (docs/decisions/003-rendered-page-cache.md: the
 * rendered-page cache must not grow with the number of URLs a crawler invents). A Map keeps
 * insertion order, so moving an entry to the end on every read makes the first key the oldest.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  /** `onRemove` hears of every value that leaves other than by `clear`: evicted, replaced or deleted. */
  constructor(
    readonly maxBytes: number,
    private readonly onRemove?: (key: string, value: V) => void,
  ) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps the value unless it alone is larger than the bound; evicts the oldest until it fits. */
  set(key: string, value: V, bytes: number): boolean {
    this.delete(key);
    if (bytes > this.maxBytes) return false;
    while (this.total + bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
    }
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    return true;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
    this.onRemove?.(key, entry.value);
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
