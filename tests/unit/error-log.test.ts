import { describe, expect, it } from "vitest";
import { createErrorLog, ERROR_LOG_LIMITS, ERROR_LOG_MESSAGES } from "~/server/http/error-log";

/** Errors met while answering requests are logged once a window per cause (src/server/http/error-log.ts). */
function logUnderTest() {
  let at = 0;
  const written: unknown[][] = [];
  const log = createErrorLog({ write: (...args) => written.push(args), now: () => at });
  return { log, written, advance: (ms: number) => (at += ms) };
}

describe("the request error log", () => {
  it("logs a cause once a window, whatever the number of requests that meet it", () => {
    const { log, written } = logUnderTest();
    for (let i = 0; i < 1000; i++) log(new Error("The same failure"));
    expect(written).toHaveLength(1);
    expect(written[0]![0]).toBeInstanceOf(Error);
  });

  it("says how many it left out, with the cause's first log in the next window", () => {
    const { log, written, advance } = logUnderTest();
    for (let i = 0; i < 5; i++) log(new Error("The same failure"));
    advance(ERROR_LOG_LIMITS.windowMs);
    const next = new Error("The same failure");
    log(next);
    expect(written).toHaveLength(2);
    expect(written[1]).toEqual([ERROR_LOG_MESSAGES.notLogged(4, ERROR_LOG_LIMITS.windowMs / 1000), next]);
    log(new Error("The same failure"));
    expect(written).toHaveLength(2);
  });

  it("logs each cause on its own: one does not hide another", () => {
    const { log, written } = logUnderTest();
    for (let i = 0; i < 10; i++) {
      log(new Error("First failure"));
      log(new TypeError("First failure"));
      log(new Error("Second failure"));
    }
    expect(written).toHaveLength(3);
  });

  it("bounds the causes: messages that carry each request's own text share one past the bound", () => {
    const { log, written } = logUnderTest();
    for (let i = 0; i < 10_000; i++) log(new Error(`No post ${i}`));
    expect(written).toHaveLength(ERROR_LOG_LIMITS.causes + 1);
  });

  it("logs what is not an Error by its text", () => {
    const { log, written } = logUnderTest();
    log("a string");
    log("a string");
    log(undefined);
    expect(written).toEqual([["a string"], [undefined]]);
  });
});
