import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Counters per key in fixed windows, in memory, through rate-limiter-flexible's RateLimiterMemory
 * (https://github.com/animir/node-rate-limiter-flexible/wiki/Memory): a key's window starts with
 * its first counted event and lasts `windowMs`; the key is deleted when its window ends, so idle
 * keys cost nothing. Memory is enough for one process on one VM; losing the counts on a restart
 * is harmless (docs/architecture.md section 4). Callers decide what counts: only failed sign-ins
 * (`check`, then `hit` on a failure), or every accepted contact message (`take`).
 */
export type Verdict = { limited: false } | { limited: true; retryAfterSeconds: number };

export type RateLimiter = {
  /** Whether the key is at its limit, without counting anything. */
  check(key: string): Promise<Verdict>;
  /** Counts one event. */
  hit(key: string): Promise<void>;
  /** Counts one event unless the key is at its limit, in one step, so a burst cannot overshoot. */
  take(key: string): Promise<Verdict>;
  /** Gives back one event `take` counted, when what it was for did not happen. */
  refund(key: string): Promise<void>;
  /** Forgets the key. */
  reset(key: string): Promise<void>;
};

/**
 * Counted events of one limiter on the other instances of a site sharing a database
 * (docs/decisions/043-shared-rate-limits.md): each instance still counts in memory, and tells the
 * others, which count the event at the moment it arrives.
 */
export type SharedHits = {
  publish(event: HitEvent): void;
  /** Events from the other instances only; answers a function that unsubscribes. */
  subscribe(listener: (event: HitEvent) => void): () => void;
};
export type HitEvent = { key: string; reset?: true; refund?: true };

export function createRateLimiter(
  { limit, windowMs }: { limit: number; windowMs: number },
  shared?: SharedHits,
): RateLimiter {
  const counter = new RateLimiterMemory({ points: limit, duration: windowMs / 1000 });
  const limited = (res: RateLimiterRes): Verdict => ({ limited: true, retryAfterSeconds: res.msBeforeNext / 1000 });
  shared?.subscribe(({ key, reset, refund }) => {
    void (reset ? counter.delete(key) : refund ? counter.reward(key, 1) : counter.penalty(key, 1));
  });

  return {
    async check(key) {
      const res = await counter.get(key);
      return res && res.consumedPoints >= limit ? limited(res) : { limited: false };
    },
    async hit(key) {
      await counter.penalty(key, 1);
      shared?.publish({ key });
    },
    async take(key) {
      try {
        await counter.consume(key, 1);
        shared?.publish({ key });
        return { limited: false };
      } catch (rejection) {
        // RateLimiterMemory rejects with the key's state when it is over the limit.
        if (rejection instanceof RateLimiterRes) return limited(rejection);
        throw rejection;
      }
    },
    async refund(key) {
      await counter.reward(key, 1);
      shared?.publish({ key, refund: true });
    },
    async reset(key) {
      await counter.delete(key);
      shared?.publish({ key, reset: true });
    },
  };
}
