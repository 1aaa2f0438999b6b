import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writesInFlight } from "~/server/page-cache/cache-warmer";

/** Warm-ups render between writes (docs/decisions/046-writes-in-time-of-their-change.md). */
const request = (method: string) => {
  const res = new EventEmitter();
  return { req: { method } as IncomingMessage, res: res as unknown as ServerResponse, close: () => res.emit("close") };
};
const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

afterEach(() => void vi.useRealTimers());

describe("writesInFlight", () => {
  it("is quiet with no write, and once every write being answered has closed; reads never count", async () => {
    vi.useFakeTimers();
    const writes = writesInFlight();
    expect(await settled(writes.quiet())).toBe(true);
    const read = request("GET");
    writes.track(read.req, read.res);
    expect(await settled(writes.quiet())).toBe(true);

    const [first, second] = [request("POST"), request("DELETE")];
    writes.track(first.req, first.res);
    writes.track(second.req, second.res);
    const waiting = writes.quiet();
    expect(await settled(waiting)).toBe(false);
    first.close();
    expect(await settled(waiting)).toBe(false);
    second.close();
    expect(await settled(waiting)).toBe(true);
  });

  it("lets a warm-up go after a second however long a write takes", async () => {
    vi.useFakeTimers();
    const writes = writesInFlight();
    const slow = request("PUT");
    writes.track(slow.req, slow.res);
    const waiting = writes.quiet();
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });
});
