/**
 * Items handed to `handle` in batches, in the order they were added: a batch once the event loop
 * has finished the turn it was added in (setImmediate runs after the turn's I/O callbacks,
 * https://nodejs.org/en/learn/asynchronous-work/event-loop-timers-and-nexttick), or at once when
 * `drain` is called.
 */
export type TurnBatches<T> = {
  add(item: T): void;
  /** Hands on what is waiting now, so a reader of the results sees every item added so far. */
  drain(): void;
};

export function turnBatches<T>(handle: (batch: readonly T[]) => void): TurnBatches<T> {
  let waiting: T[] = [];
  let scheduled = false;
  const drain = () => {
    scheduled = false;
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    handle(batch);
  };
  return {
    add(item) {
      waiting.push(item);
      if (!scheduled) {
        scheduled = true;
        setImmediate(drain);
      }
    },
    drain,
  };
}
