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

export function createRateLimiter(
  { limit, windowMs }: { limit: number; windowMs: number },
  now: () => number = Date.now,
): RateLimiter {
  const hits = new Map<string, number[]>();

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
    },
    reset(key) {
      hits.delete(key);
    },
  };
}
