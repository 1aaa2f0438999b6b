import { ByteLru } from "./byte-lru";
import type { CachedPage } from "./cached-page";

/** A kept answer and the topics it shows (src/shared/page-cache.ts), by which it is dropped. */
export type Kept = { page: CachedPage; topics: readonly string[] };

/**
 * What one kept answer costs the bound besides its buffers and headers (CachedPage.bytes): its key
 * and topics as two-byte-per-character strings at worst, each topic's place in the index (a set of
 * its own for a topic only this answer shows), and the objects holding it (the LRU's map entry and
 * record, the Kept record, the topic list, the page's Buffer views). Measured as what the process
 * grows by per small answer once past its one-time growth (tests/fault/kept-pages-cost.test.ts):
 * about 1 KB an answer and 230 bytes a topic of its own besides what CachedPage.bytes counts.
 */
export const keepCost = (key: string, page: CachedPage, topics: readonly string[]) =>
  page.bytes + 2 * key.length + topics.reduce((n, topic) => n + 2 * topic.length + TOPIC_BYTES, 0) + ENTRY_BYTES;

const ENTRY_BYTES = 1024;
const TOPIC_BYTES = 250;

/**
 * Answers kept under a byte bound (least recently used out first), indexed by the topics they
 * show, so a write drops exactly those showing what it touched
 * (docs/decisions/069-pages-say-what-they-show.md).
 */
export class KeptPages {
  /** The keys of the kept answers showing each topic; an answer leaving the LRU leaves its topics. */
  private readonly byTopic = new Map<string, Set<string>>();
  private readonly lru: ByteLru<Kept>;

  constructor(maxBytes: number) {
    this.lru = new ByteLru<Kept>(maxBytes, (key, { topics }) => {
      for (const topic of topics) {
        const keys = this.byTopic.get(topic);
        keys?.delete(key);
        if (keys?.size === 0) this.byTopic.delete(topic);
      }
    });
  }

  get maxBytes() {
    return this.lru.maxBytes;
  }
  get bytes() {
    return this.lru.bytes;
  }
  get size() {
    return this.lru.size;
  }

  get(key: string): CachedPage | undefined {
    return this.lru.get(key)?.page;
  }

  /** The kept answer and the topics it shows. */
  kept(key: string): Kept | undefined {
    return this.lru.get(key);
  }

  /** Keeps the answer unless it alone is larger than the bound. */
  keep(key: string, page: CachedPage, topics: readonly string[]): void {
    if (!this.lru.set(key, { page, topics }, keepCost(key, page, topics))) return;
    for (const topic of topics) {
      const keys = this.byTopic.get(topic) ?? new Set();
      keys.add(key);
      this.byTopic.set(topic, keys);
    }
  }

  /** Drops every answer showing one of the topics; answers their keys. */
  drop(topics: Iterable<string>): string[] {
    const dropped: string[] = [];
    for (const topic of topics) {
      for (const key of [...(this.byTopic.get(topic) ?? [])]) {
        this.lru.delete(key);
        dropped.push(key);
      }
    }
    return dropped;
  }

  clear(): void {
    this.lru.clear();
    this.byTopic.clear();
  }
}
