import { describe, expect, it } from "vitest";
import { mainThreadCost, type TraceEvent } from "../../scripts/main-thread-cost";

// `npm run main-thread`'s reading of a trace (docs/benchmarks.md, "What a phone's blocking time is
// made of"): a hand-made trace with the page's renderer (pid 1, main thread 10), another
// thread of it, and another process.
const ORIGIN = "http://127.0.0.1:4000";
const ms = 1000;
const task = (ts: number, dur: number, tdur: number, over: Partial<TraceEvent> = {}): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  pid: 1,
  tid: 10,
  ts: ts * ms,
  dur: dur * ms,
  tdur: tdur * ms,
  ...over,
});
const PARSE: TraceEvent = {
  name: "ParseHTML",
  ph: "X",
  pid: 1,
  tid: 10,
  ts: 5 * ms,
  dur: 1 * ms,
  args: { beginData: { url: `${ORIGIN}/` } },
};
const PAINT: TraceEvent = { name: "firstContentfulPaint", ph: "R", pid: 1, tid: 10, ts: 100 * ms };

describe("the main thread's cost of a page load", () => {
  it("sums each task's CPU before and after the first paint, and the blocking of those after it at four times", () => {
    const load = mainThreadCost(
      [
        PARSE,
        PAINT,
        task(0, 30, 20),
        // A slice inside a task is part of it, not a task of its own.
        task(2, 10, 10, { name: "ParseHTML" }),
        task(120, 80, 40), // 40 ms of CPU: 160 at four times, 110 of it blocking
        task(130, 5, 5, { name: "FunctionCall" }),
        task(300, 30, 10), // 40 at four times: not long
        task(400, 20, 15), // 60 at four times: 10 blocking
        // Another thread of the renderer and another process are not the page's main thread.
        task(500, 90, 90, { tid: 11 }),
        task(600, 90, 90, { pid: 2 }),
      ],
      ORIGIN,
    );
    expect(load).toEqual({ before: 20, after: 65, long: [40, 15], blocking: 120 });
  });

  it("reads the wall time of a task whose trace has no CPU time", () => {
    const load = mainThreadCost([PARSE, PAINT, task(0, 30, 20), task(200, 30, 0, { tdur: undefined })], ORIGIN);
    expect(load).toEqual({ before: 20, after: 30, long: [30], blocking: 70 });
  });

  it("says so when the trace has no parse of the page or no first paint", () => {
    expect(() => mainThreadCost([PAINT, task(0, 1, 1)], ORIGIN)).toThrow("no parse of the page's HTML");
    expect(() => mainThreadCost([PARSE, task(0, 1, 1)], ORIGIN)).toThrow("painted no content");
  });
});
