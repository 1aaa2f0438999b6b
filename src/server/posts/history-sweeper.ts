import type { HistoryPolicy } from "~/server/lifecycle/trash";
import type { Store } from "~/server/records/store";

/** How often expired trash and old revisions are looked for, after the look at start. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes trashed posts past the trash period and revisions past the policy, at start and then
 * every hour; a failed sweep (a full disk) is logged and tried again at the next. The timer does
 * not keep the process alive.
 */
export function sweepHistoryEvery(store: Store, policy: HistoryPolicy, intervalMs = SWEEP_INTERVAL_MS) {
  const sweep = () => {
    // A read-only start (docs/decisions/083-read-only-start.md) is left alone until a user's write recovers it.
    if (store.lastWrite().error) return;
    store.sweepHistory(policy).catch((error: unknown) => {
      console.error("Removing expired trash and old revisions failed:", error);
    });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
