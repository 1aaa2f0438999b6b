import type { ScheduleFailure } from "~/shared/post-schedule";
import type { ActivityLog } from "~/server/activity/activity-log";
import type { Post } from "~/server/store/types";
import { isDue } from "~/server/lifecycle/publishing";
import { publishOnSchedule } from "./scheduled-publish";
import type { Store } from "~/server/records/store";

export type PostScheduler = {
  /** Publishes every post whose time has come; a tick asked for while one runs shares it. */
  tick(): Promise<void>;
  /** Schedules whose last attempt failed, retried every tick, for the Posts tab and the health report. */
  failures(): ScheduleFailure[];
  /** Ends the ticks and waits for one that is running, so nothing writes to a closing store. */
  stop(): Promise<void>;
};

/**
 * Carries out schedules (docs/decisions/120-scheduled-publishing-exactly-once.md): a tick at start,
 * which publishes what came due while the server was down, then one every `tickMs`. A schedule
 * that cannot be carried out (a full disk, the database away) is never dropped: it stays due, is
 * tried again at every tick, and its reason is held here until it succeeds. The timer does not
 * keep the process alive.
 */
export function startPostScheduler(store: Store, activity: ActivityLog | undefined, tickMs: number): PostScheduler {
  const failing = new Map<number, ScheduleFailure>();
  let running: Promise<void> | undefined;
  let stopped = false;

  async function attempt(post: Post) {
    try {
      await publishOnSchedule(store, activity, post);
      failing.delete(post.id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const known = failing.get(post.id);
      // Logged once per cause, not once a tick.
      if (known?.reason !== reason) console.error(`Publishing post ${post.id} on schedule failed:`, error);
      const since = known?.since ?? new Date().toISOString();
      failing.set(post.id, { postId: post.id, publishAt: post.publishAt!, reason, since });
    }
  }

  async function run() {
    const now = Date.now();
    const due = (await store.listPosts()).filter((post) => isDue(post, now));
    const dueIds = new Set(due.map((post) => post.id));
    // Unscheduled, published by hand or deleted since it failed: nothing is waiting any more.
    for (const id of failing.keys()) if (!dueIds.has(id)) failing.delete(id);
    for (const post of due) {
      if (stopped) return;
      await attempt(post);
    }
  }

  const tick = () => {
    running ??= run().finally(() => (running = undefined));
    return running;
  };
  const tickLogged = () =>
    void tick().catch((error: unknown) => console.error("Looking for scheduled posts failed:", error));
  tickLogged();
  const timer = setInterval(() => {
    if (!stopped) tickLogged();
  }, tickMs);
  timer.unref();

  return {
    tick,
    failures: () => [...failing.values()],
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
