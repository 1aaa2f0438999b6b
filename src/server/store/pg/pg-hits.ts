import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { HitEvent, SharedHits } from "~/server/http/rate-limiter";

/**
 * Rate-limit hits shared by the instances on one database (docs/decisions/043-shared-rate-limits.md):
 * sent as notifications only, counted in memory by each instance's limiters.
 */
export const HITS_CHANNEL = "queuesite_hits";
/** A notification carries at most 8000 bytes; a longer key is counted where it arrives only. */
const MAX_SHARED_KEY = 1000;

export class HitsChannel {
  /** Tells this instance's own notifications apart from the others'. */
  private readonly instance = randomUUID();
  private readonly listeners = new Map<string, Set<(event: HitEvent) => void>>();
  private closed = false;

  constructor(private readonly pool: pg.Pool) {}

  forLimiter(limiter: string): SharedHits {
    return {
      publish: (event) => {
        if (this.closed || event.key.length > MAX_SHARED_KEY) return;
        const payload = JSON.stringify({ from: this.instance, limiter, ...event });
        this.pool.query("SELECT pg_notify($1, $2)", [HITS_CHANNEL, payload]).catch((error: unknown) => {
          console.error("Could not share a rate-limit hit:", error instanceof Error ? error.message : error);
        });
      },
      subscribe: (listener) => {
        const set = this.listeners.get(limiter) ?? new Set();
        this.listeners.set(limiter, set.add(listener));
        return () => void set.delete(listener);
      },
    };
  }

  /** A notification on HITS_CHANNEL, from any instance. */
  receive(payload: string | undefined) {
    const { from, limiter, key, reset, refund } = JSON.parse(payload ?? "{}") as {
      from?: string;
      limiter?: string;
    } & HitEvent;
    if (from === this.instance || !limiter || typeof key !== "string") return;
    this.listeners
      .get(limiter)
      ?.forEach((listener) => listener(reset ? { key, reset } : refund ? { key, refund } : { key }));
  }

  close() {
    this.closed = true;
    this.listeners.clear();
  }
}
