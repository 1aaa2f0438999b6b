import { expect, it } from "vitest";
import { onePerTurn } from "~/server/http/one-per-turn";

/** One turn of the event loop: resolves after the immediates queued before it have run. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

it("starts calls made in one turn one per turn, in the order they came", async () => {
  const started: string[] = [];
  const start = onePerTurn((name: string) => started.push(name));
  start("a");
  start("b");
  start("c");
  expect(started).toEqual([]);
  await nextTurn();
  expect(started).toEqual(["a"]);
  await nextTurn();
  expect(started).toEqual(["a", "b"]);
  start("d"); // comes while others wait: behind them
  await nextTurn();
  await nextTurn();
  expect(started).toEqual(["a", "b", "c", "d"]);
});

it("starts again after the queue ran empty, and a start that throws does not stop the rest", async () => {
  const started: number[] = [];
  const start = onePerTurn((n: number) => {
    started.push(n);
    if (n === 1) throw new Error("boom");
  });
  const thrown: unknown[] = [];
  const onError = (error: unknown) => thrown.push(error);
  process.prependListener("uncaughtException", onError);
  try {
    start(1);
    start(2);
    await nextTurn();
    await nextTurn();
    expect(started).toEqual([1, 2]);
    expect(thrown).toHaveLength(1);
    start(3);
    await nextTurn();
    expect(started).toEqual([1, 2, 3]);
  } finally {
    process.off("uncaughtException", onError);
  }
});

it("keeps order while the queue never runs empty, past the point where it drops what has started", async () => {
  const started: number[] = [];
  const start = onePerTurn((n: number) => started.push(n));
  let sent = 0;
  // Two new calls every turn, one start per turn: the queue grows and never empties.
  for (let turn = 0; turn < 3000; turn++) {
    start(sent++);
    start(sent++);
    await nextTurn();
  }
  expect(started).toEqual(Array.from({ length: started.length }, (_, i) => i));
  expect(started.length).toBeGreaterThanOrEqual(2999);
});
