import { SWEEP_INTERVAL_MS } from "~/server/posts/history-sweeper";
import type { Store } from "~/server/store/types";
import type { MediaService } from "./media-service";

/** An upload nothing uses is kept this long: time for its writer to save the post it is for. */
export const UNUSED_MEDIA_DAYS = 1;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes uploads older than a day that nothing uses (media-service.ts `removeUnused`), at start
 * and then every hour like the history sweep; each removal is listed in the activity log
 * (docs/decisions/150-upload-limits-and-unused-images.md). A failed sweep is logged and tried
 * again at the next; the timer does not keep the process alive.
 */
export function sweepUnusedMediaEvery(
  { store, mediaAdmin }: { store: Store; mediaAdmin: MediaService },
  intervalMs = SWEEP_INTERVAL_MS,
) {
  const sweep = async () => {
    // A read-only start (docs/decisions/083-read-only-start.md) is left alone until a user's write recovers it.
    if (store.lastWrite().error) return;
    await mediaAdmin.removeUnused(new Date(Date.now() - UNUSED_MEDIA_DAYS * DAY_MS));
  };
  const run = () => {
    running = sweep()
      .catch((error: unknown) => console.error("Removing unused images failed:", error))
      .finally(() => (running = undefined));
  };
  let running: Promise<void> | undefined;
  run();
  const timer = setInterval(() => running ?? run(), intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
