import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * Counters per key in fixed windows, in memory, through rate-limiter-flexible's RateLimiterMemory
 * (https://github.com/animir/node-rate-limiter-flexible/wiki/Memory): a key's window starts with
 * its first counted event and lasts `windowMs`; the key is deleted when its window ends, so idle
 * keys cost nothing. Memory is enough for one process on the data folder; instances sharing a
 * database count in it instead, each hit one statement (docs/decisions/089-rate-limits-in-postgres.md),
 * so the limit holds across instances and restarts. Callers count with `take` before the attempt
 * and `refund` what should not count: a sign-in whose password matched, a contact message that
 * could not be stored.
 */
export type Verdict = { limited: false } | { limited: true; retryAfterSeconds: number };

export type RateLimiter = {
  /**
   * Counts one event (or `points`: an upload's bytes) unless the key would pass its limit, in one
   * step, so a burst cannot overshoot.
   */
  take(key: string, points?: number): Promise<Verdict>;
  /** Gives back what `take` counted, when what it was for did not happen. */
  refund(key: string, points?: number): Promise<void>;
  /** Forgets the key. */
  reset(key: string): Promise<void>;
};

/**
 * Where a limiter's counts live when they are not in this process's memory: with `DATABASE_URL`,
 * a table every instance counts in (docs/decisions/089-rate-limits-in-postgres.md).
 */
export type CounterFactory = (options: { points: number; duration: number }) => RateLimiterAbstract;

export function createRateLimiter(
  { limit, windowMs }: { limit: number; windowMs: number },
  counterIn?: CounterFactory,
): RateLimiter {
  const options = { points: limit, duration: windowMs / 1000 };
  const counter = counterIn ? counterIn(options) : new RateLimiterMemory(options);
  const limited = (res: RateLimiterRes): Verdict => ({ limited: true, retryAfterSeconds: res.msBeforeNext / 1000 });

  return {
    async take(key, points = 1) {
      try {
        await counter.consume(key, points);
        return { limited: false };
      } catch (rejection) {
        // The counter rejects with the key's state when it is over the limit, with an Error when
        // it could not count (the database away), which the caller answers like any failed write.
        if (rejection instanceof RateLimiterRes) return limited(rejection);
        throw rejection;
      }
    },
    async refund(key, points = 1) {
      await counter.reward(key, points);
    },
    async reset(key) {
      await counter.delete(key);
    },
  };
}
