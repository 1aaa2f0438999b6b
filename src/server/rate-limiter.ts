/**
 * A fixed-window counter per key, in memory: enough for one process on one VM (DESIGN.md
 * section 1). `hit` records an event; `check` says whether the key is over its limit and for
 * how long. Callers decide what counts (e.g. only stored contact messages, only failed logins).
 */
export type RateLimiter = {
  check(key: string): { limited: false } | { limited: true; retryAfterSeconds: number };
  hit(key: string): void;
  reset(key: string): void;
};

/**
 * Hits and resets of one limiter on the other instances of a site sharing a database
 * (docs/decisions/043-shared-rate-limits.md): each instance still counts in memory, and tells the
 * others, which count the event at the moment it arrives.
 */
export type SharedHits = {
  publish(event: HitEvent): void;
  /** Events from the other instances only; answers a function that unsubscribes. */
  subscribe(listener: (event: HitEvent) => void): () => void;
};
export type HitEvent = { key: string; reset?: true };

export function createRateLimiter(
  { limit, windowMs }: { limit: number; windowMs: number },
  now: () => number = Date.now,
  shared?: SharedHits,
): RateLimiter {
  const hits = new Map<string, number[]>();

  shared?.subscribe(({ key, reset }) => {
    if (reset) hits.delete(key);
    else hits.set(key, [...recent(key), now()]);
  });

  function recent(key: string): number[] {
    const cutoff = now() - windowMs;
    const list = (hits.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) hits.set(key, list);
    else hits.delete(key);
    return list;
  }

  return {
    check(key) {
      const list = recent(key);
      if (list.length < limit) return { limited: false };
      const oldest = list[list.length - limit]!;
      return { limited: true, retryAfterSeconds: (oldest + windowMs - now()) / 1000 };
    },
    hit(key) {
      hits.set(key, [...recent(key), now()]);
      shared?.publish({ key });
    },
    reset(key) {
      hits.delete(key);
      shared?.publish({ key, reset: true });
    },
  };
}
