/**
 * Who does which piece of the outbox's work (docs/decisions/165-one-outbox-with-claims.md). A
 * claim names a topic ("contact-email") and a key (the message's id); it is held for a lease that
 * its instance renews while it runs (the heartbeat), so a claim whose instance stopped runs out
 * and another takes the work over. `later` keeps a claim and holds the work back until a retry is
 * due; `finish` ends it for good.
 */
export type OutboxClaims = {
  /**
   * True when this instance now holds the claim for `leaseMs`: there was none, its holder's lease
   * ran out, or this instance held it already; and in each case its retry is due. False when
   * another instance holds it, it is not due, or it is finished.
   */
  claim(topic: string, key: string, leaseMs: number): Promise<boolean>;
  /** The heartbeat: every unfinished claim this instance holds lasts `leaseMs` more. */
  renew(leaseMs: number): Promise<void>;
  /** Keeps the claim, and no instance takes the work again before `delayMs` from now. */
  later(topic: string, key: string, delayMs: number): Promise<void>;
  /** Done (or given up): no one claims it again. */
  finish(topic: string, key: string): Promise<void>;
};

/**
 * The data folder's claims: one process owns the folder and runs the one outbox, so a claim is
 * only when its retry is due and whether it is finished, kept in memory. A restart forgets them;
 * the work still waiting (a message whose email is pending) is in the store and is tried at once.
 */
export function memoryOutboxClaims(now = () => Date.now()): OutboxClaims {
  const due = new Map<string, number>();
  const finished = new Set<string>();
  const id = (topic: string, key: string) => `${topic}\u0000${key}`;
  return {
    claim: (topic, key) => {
      const k = id(topic, key);
      return Promise.resolve(!finished.has(k) && (due.get(k) ?? 0) <= now());
    },
    renew: () => Promise.resolve(),
    later: (topic, key, delayMs) => {
      due.set(id(topic, key), now() + delayMs);
      return Promise.resolve();
    },
    finish: (topic, key) => {
      const k = id(topic, key);
      finished.add(k);
      due.delete(k);
      return Promise.resolve();
    },
  };
}
