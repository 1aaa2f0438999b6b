/**
 * The arithmetic of `npm run main-thread` (scripts/main-thread.ts): a page load's main-thread
 * tasks read from a Chromium trace by their CPU time, and the blocking time they make on
 * Lighthouse's simulated phone.
 */

/** Lighthouse's mobile preset slows the CPU four times; a task blocks for what it takes over 50 ms. */
export const SLOWDOWN = 4;
export const BLOCKING_OVER_MS = 50;

/** The fields of a Chromium trace event read here. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string }; beginData?: { url?: string } };
};

/** A load's main-thread CPU in ms: before and after the first contentful paint, and its blocking time. */
export type Load = { before: number; after: number; long: number[]; blocking: number };

/**
 * The page's main thread is the one that parsed its HTML; its tasks are the events no other
 * event on that thread holds. A task's CPU is its thread time (`tdur`), its wall time where the
 * trace has none.
 */
export function mainThreadCost(events: TraceEvent[], origin: string): Load {
  const parse = events.find((e) => e.name === "ParseHTML" && e.args?.beginData?.url?.startsWith(origin));
  if (!parse) throw new Error("the trace has no parse of the page's HTML");
  const paint = events.find((e) => e.name === "firstContentfulPaint" && e.pid === parse.pid);
  if (!paint) throw new Error("the page painted no content");
  const slices = events
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X")
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const load: Load = { before: 0, after: 0, long: [], blocking: 0 };
  let end = 0;
  for (const task of slices) {
    if (task.ts < end) continue;
    end = task.ts + (task.dur ?? 0);
    const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
    if (task.ts < paint.ts) {
      load.before += cpu;
      continue;
    }
    load.after += cpu;
    const slowed = cpu * SLOWDOWN;
    if (slowed > BLOCKING_OVER_MS) {
      load.long.push(cpu);
      load.blocking += slowed - BLOCKING_OVER_MS;
    }
  }
  return load;
}
