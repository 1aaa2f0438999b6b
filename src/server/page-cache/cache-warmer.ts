import type { IncomingMessage, ServerResponse } from "node:http";
import { firstPagesOf, shownOnPages } from "./change-topics";
import type { Store } from "~/server/records/store";

/**
 * Warm after writes (docs/decisions/013-warm-after-writes.md): a post or tag write drops the pages
 * that show what it touched, so their next readers would each pay a render. Once writes have been
 * quiet for SETTLE_MS (one warm-up after a burst of them, not one per write), the warmer asks for
 * the first of those pages again in the background, one at a time, through the real server
 * (`fetchPage`), so they are kept with exactly the headers a reader's request would get: /blog,
 * the first blog page of each tag of the changed published posts (before and after the write) and
 * the changed posts themselves (change-topics.ts). A write no public page shows (a draft's) warms
 * nothing.
 *
 * It never serves anything itself: the cache keeps a render only if no write landed while it ran,
 * so a warmed page is never older than an acknowledged write. A write during a warm-up cuts it
 * short and starts the next from the new content.
 */
export type CacheWarmer = {
  /** Resolves once no warm-up is running or due (tests, and a stop that wants a quiet server). */
  idle(): Promise<void>;
  /** Warms nothing more; a warm-up under way ends after its current page. */
  stop(): void;
};

export type WarmerOptions = {
  store: Store;
  /** Requests one path through the server and resolves once it has been answered; never rejects. */
  fetchPage: (path: string) => Promise<void>;
  /** Resolves when no write request is being answered (writesInFlight's `quiet`); none waits for nothing. */
  quiet?: () => Promise<void>;
  /**
   * The page cache's `onDrop`: the pages a write dropped beyond the first ones (a post shown among
   * another's related posts, a later list page) are warmed after them, up to DROPPED_WARMED a write.
   */
  onDrop?: (listener: (keys: readonly string[]) => void) => void;
};

/** The most pages a write's warm-up renders beyond its first pages: a write that dropped more is a large one. */
export const DROPPED_WARMED = 100;

/**
 * Of the answers a write dropped, the blog's pages are warmed; the feeds and the API's lists are
 * not: one of them holds every post (28 MB at 10,000 posts), and is rendered for whoever asks.
 */
const isBlogPage = (key: string) => key === "/blog" || key.startsWith("/blog?") || key.startsWith("/blog/");

/**
 * How long writes must have been quiet before a warm-up starts. A burst of writes (an import, a
 * writer saving several times, a script creating posts) then pays for one warm-up after it instead
 * of one per write: each render holds the single event loop for tens of ms at 10,000 posts, and a
 * write arriving during one waits for it (docs/decisions/013-warm-after-writes.md). Short enough
 * that the pages are warm again well before most readers come back after a save.
 */
export const SETTLE_MS = 150;

export function createCacheWarmer({ store, fetchPage, quiet, onDrop }: WarmerOptions): CacheWarmer {
  let generation = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  /** The settle timer of the warm-up that is due, and what starts it (after the one running). */
  let due: { timer: NodeJS.Timeout; start: () => void } | undefined;
  /** Paths still to warm, in order; a warm-up cut short by a newer write leaves its rest here. */
  const pending = new Set<string>();
  /** What the page cache dropped for the write being heard: it hears of the write before the warmer. */
  let dropped: readonly string[] = [];
  onDrop?.((keys) => (dropped = keys));

  async function warm(started: number): Promise<void> {
    if (stopped) return;
    for (const path of pending) {
      if (stopped || generation !== started) return; // a newer write: its own warm-up follows
      // Writes go first: a render started now would hold their database round trips back.
      await quiet?.();
      if (stopped || generation !== started) return;
      pending.delete(path);
      await fetchPage(path);
    }
  }

  store.onChange((kind, content) => {
    if (!shownOnPages(kind)) return;
    const { pages, gone } = firstPagesOf(content);
    const more = dropped.filter((path) => isBlogPage(path) && !gone.includes(path)).slice(0, DROPPED_WARMED);
    dropped = [];
    for (const path of gone) pending.delete(path);
    if (pages.length === 0) return;
    generation += 1;
    if (stopped) return;
    for (const path of [...pages, ...more]) pending.add(path);
    // Each write restarts the settle time; one warm-up is due however many writes came.
    if (due) clearTimeout(due.timer);
    const start = due?.start ?? schedule();
    due = {
      start,
      timer: setTimeout(() => {
        due = undefined;
        start();
      }, SETTLE_MS),
    };
  });

  /** A warm-up that `idle` waits for from now on, started by the function returned. */
  function schedule(): () => void {
    const previous = running;
    let start!: () => void;
    running = new Promise<void>((resolve) => {
      // After the warm-up before it (cut short by the newer generation), never beside it.
      start = () => void previous.then(() => warm(generation)).then(resolve, resolve);
    });
    return start;
  }

  return {
    async idle() {
      let seen: Promise<void> | undefined;
      while (seen !== running) {
        seen = running;
        await running;
      }
    },
    stop() {
      stopped = true;
      if (!due) return;
      // The due warm-up settles at once and warms nothing (`warm` checks `stopped`).
      clearTimeout(due.timer);
      const { start } = due;
      due = undefined;
      start();
    },
  };
}

/** The longest a warm-up waits for writes to end before it renders anyway. */
const MAX_WAIT_MS = 1000;

/**
 * Counts the write requests (anything but GET and HEAD) being answered, so warm-ups render only
 * between writes: a render on the event loop would delay each of a write's database round trips
 * (docs/decisions/046-writes-in-time-of-their-change.md). Reads do not hold the warmer back: under
 * steady reading it must still run, or every reader after a write would render for itself.
 */
export function writesInFlight() {
  let count = 0;
  const waiting: (() => void)[] = [];
  return {
    track: (req: IncomingMessage, res: ServerResponse): void => {
      if (req.method === "GET" || req.method === "HEAD") return;
      count++;
      res.once("close", () => {
        count--;
        if (count === 0) waiting.splice(0).forEach((wake) => wake());
      });
    },
    quiet: (): Promise<void> => {
      if (count === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, MAX_WAIT_MS);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
