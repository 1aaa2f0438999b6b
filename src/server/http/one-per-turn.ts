/**
 * Starts the calls one per event-loop turn, in the order they came
 * (docs/decisions/051-one-request-per-turn.md).
 *
 * Node 20's libuv accepts one new connection per turn of the event loop. A turn also reads every
 * request that arrived on the connections already open, and when each of those started its render
 * at once, one turn ran dozens of renders (some 100 ms at 50 connections) before the next
 * connection was accepted: a visitor who had just connected waited seconds while the clients
 * already connected were served again and again. Starting one call per turn keeps each turn about
 * one answer long, so connections are accepted as fast as answers go out, and requests are
 * started first come, first served.
 */
/** Started calls kept at the queue's head before they are dropped in one go. */
const COMPACT_AFTER = 1024;

export function onePerTurn<Args extends unknown[]>(start: (...args: Args) => void): (...args: Args) => void {
  const waiting: Args[] = [];
  let next = 0;
  let scheduled = false;

  const startNext = () => {
    const args = waiting[next]!;
    waiting[next++] = undefined as never; // a started request is not held here until the queue empties
    if (next === waiting.length) {
      waiting.length = 0;
      next = 0;
      scheduled = false;
    } else {
      // Under load the queue may never run empty: drop what has started once it is half of it.
      if (next >= COMPACT_AFTER && next * 2 >= waiting.length) {
        waiting.splice(0, next);
        next = 0;
      }
      setImmediate(startNext);
    }
    start(...args);
  };

  return (...args) => {
    waiting.push(args);
    if (!scheduled) {
      scheduled = true;
      setImmediate(startNext);
    }
  };
}
