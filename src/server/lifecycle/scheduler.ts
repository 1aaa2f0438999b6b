import type { LifecycleRecord } from "./lifecycle";

/** One collection's schedules, as the scheduler carries them out. */
export type ScheduledCollection = {
  /** Its lifecycle's subject, which names it in the log and in the failures. */
  subject: string;
  /** Its records whose schedule has come (`isDue`, publishing.ts). */
  due(now: number): Promise<readonly (LifecycleRecord & { publishAt?: string })[]>;
  /** Publishes one, exactly once however many instances try (its collection decides under the write lock). */
  publish(record: LifecycleRecord): Promise<unknown>;
};

/** A schedule whose last attempt failed: which record, when it was due, why, and since when. */
export type ScheduleAttemptFailure = { subject: string; id: number; publishAt: string; reason: string; since: string };

export type Scheduler = {
  /** Publishes every record whose time has come; a tick asked for while one runs shares it. */
  tick(): Promise<void>;
  /** Schedules whose last attempt failed (of one collection, or all), retried every tick, for the admin and the health report. */
  failures(subject?: string): ScheduleAttemptFailure[];
  /** Ends the ticks and waits for one that is running, so nothing writes to a closing store. */
  stop(): Promise<void>;
};

/**
 * Carries out the schedules of every collection in the lifecycle
 * (docs/decisions/120-scheduled-publishing-exactly-once.md): a tick at start, which publishes what
 * came due while the server was down, then one every `tickMs`. A schedule that cannot be carried
 * out (a full disk, the database away) is never dropped: it stays due, is tried again at every
 * tick, and its reason is held here until it succeeds. The timer does not keep the process alive.
 */
export function startScheduler(collections: readonly ScheduledCollection[], tickMs: number): Scheduler {
  const failing = new Map<string, ScheduleAttemptFailure>();
  let running: Promise<void> | undefined;
  let stopped = false;

  async function attempt(collection: ScheduledCollection, record: LifecycleRecord & { publishAt?: string }) {
    const { subject } = collection;
    const key = `${subject}:${record.id}`;
    try {
      await collection.publish(record);
      failing.delete(key);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const known = failing.get(key);
      // Logged once per cause, not once a tick.
      if (known?.reason !== reason) console.error(`Publishing ${subject} ${record.id} on schedule failed:`, error);
      const since = known?.since ?? new Date().toISOString();
      failing.set(key, { subject, id: record.id, publishAt: record.publishAt!, reason, since });
    }
  }

  async function run() {
    const now = Date.now();
    for (const collection of collections) {
      const due = await collection.due(now);
      const dueKeys = new Set(due.map((record) => `${collection.subject}:${record.id}`));
      // Unscheduled, published by hand or deleted since it failed: nothing is waiting any more.
      for (const [key, failure] of failing) {
        if (failure.subject === collection.subject && !dueKeys.has(key)) failing.delete(key);
      }
      for (const record of due) {
        if (stopped) return;
        await attempt(collection, record);
      }
    }
  }

  const tick = () => {
    running ??= run().finally(() => (running = undefined));
    return running;
  };
  const tickLogged = () =>
    void tick().catch((error: unknown) => console.error("Looking for scheduled records failed:", error));
  tickLogged();
  const timer = setInterval(() => {
    if (!stopped) tickLogged();
  }, tickMs);
  timer.unref();

  return {
    tick,
    failures: (subject) => [...failing.values()].filter((f) => subject === undefined || f.subject === subject),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
