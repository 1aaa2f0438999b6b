import type { OutboxClaims } from "./outbox-claims";

/**
 * One kind of work the outbox carries (contact emails; newsletters and webhooks to come). The
 * work itself lives in the store (a message whose email is pending), so nothing is lost with an
 * instance: the outbox only decides who does it, and when.
 */
export type OutboxTopic = {
  name: string;
  /** The keys of the work waiting now, as the store holds it. */
  pending(): Promise<string[]>;
  /**
   * One attempt at `key`, made only under its claim: `done` when it succeeded or was given up
   * (recorded in the store by the topic), else the wait before the next attempt.
   */
  attempt(key: string): Promise<{ done: true } | { retryInMs: number }>;
};

export type Outbox = {
  /** Adds a topic; its waiting work is looked at from the next sweep on. */
  register(topic: OutboxTopic): void;
  /** Sweeps now, and then every `leaseMs / 3`, renewing this instance's claims as often. */
  start(): void;
  /** New work was stored: a sweep now rather than at the next tick. */
  kick(): void;
  /**
   * Ends the sweeps and the heartbeat, and resolves once a sweep under way has ended; claims held
   * run out and another instance takes them over.
   */
  stop(): Promise<void>;
};

/**
 * The outbox of docs/decisions/165-one-outbox-with-claims.md: work that must happen once, later,
 * safe across instances and restarts. Every instance sweeps: it renews the claims it holds (the
 * heartbeat), looks for waiting work, claims each piece that is due and unclaimed (or whose
 * holder stopped renewing) and makes one attempt. A failed attempt keeps the claim until its retry
 * is due; an instance that stops answering stops renewing, and within a lease another takes over.
 * One timer for the sweeps and one for the heartbeat, whatever the topics: never one per feature.
 */
export function createOutbox({ claims, leaseMs }: { claims: OutboxClaims; leaseMs: number }): Outbox {
  const topics: OutboxTopic[] = [];
  const tickMs = Math.max(50, Math.floor(leaseMs / 3));
  let stopped = true;
  let sweeping: Promise<void> | undefined;
  let again = false;
  let wake: { at: number; timer: NodeJS.Timeout } | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  /** Logged once per cause while it lasts, not once a tick. */
  let lastFailure = "";

  const failed = (what: string, error: unknown) => {
    // A sweep still running while the server stops meets a closing store: nothing to report.
    if (stopped) return;
    const line = `${what}: ${error instanceof Error ? error.message : String(error)}`;
    if (line !== lastFailure) console.error(`The outbox could not ${what}:`, error);
    lastFailure = line;
  };

  /** The next sweep at `at` (or sooner, when one is set already sooner). */
  const sweepAt = (at: number) => {
    if (stopped || (wake && wake.at <= at)) return;
    if (wake) clearTimeout(wake.timer);
    const timer = setTimeout(
      () => {
        wake = undefined;
        sweep();
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    wake = { at, timer };
  };

  const attemptUnderClaim = async (topic: OutboxTopic, key: string) => {
    if (stopped || !(await claims.claim(topic.name, key, leaseMs))) return;
    let outcome: Awaited<ReturnType<OutboxTopic["attempt"]>>;
    try {
      outcome = await topic.attempt(key);
    } catch (error) {
      // A topic records its own failures; one that throws is tried again after a lease.
      failed(`run ${topic.name} ${key}`, error);
      outcome = { retryInMs: leaseMs };
    }
    if ("done" in outcome) await claims.finish(topic.name, key);
    else {
      await claims.later(topic.name, key, outcome.retryInMs);
      sweepAt(Date.now() + outcome.retryInMs);
    }
  };

  const sweepOnce = async () => {
    for (const topic of topics) {
      let keys: string[];
      try {
        keys = await topic.pending();
      } catch (error) {
        failed(`list ${topic.name}`, error);
        continue;
      }
      // One at a time: a sweep sends what is due, it does not flood the mail server.
      for (const key of keys) {
        if (stopped) return;
        await attemptUnderClaim(topic, key).catch((error: unknown) => failed(`claim ${topic.name} ${key}`, error));
      }
    }
  };

  function sweep() {
    if (stopped) return;
    if (sweeping) {
      again = true;
      return;
    }
    sweeping = sweepOnce().finally(() => {
      sweeping = undefined;
      if (again) {
        again = false;
        sweep();
      } else sweepAt(Date.now() + tickMs);
    });
  }

  return {
    register(topic) {
      topics.push(topic);
    },
    start() {
      if (!stopped || topics.length === 0) return;
      stopped = false;
      heartbeat = setInterval(() => {
        claims.renew(leaseMs).catch((error: unknown) => failed("renew its claims", error));
      }, tickMs);
      heartbeat.unref();
      sweep();
    },
    kick: () => sweep(),
    stop() {
      stopped = true;
      if (wake) clearTimeout(wake.timer);
      wake = undefined;
      clearInterval(heartbeat);
      return sweeping ?? Promise.resolve();
    },
  };
}
