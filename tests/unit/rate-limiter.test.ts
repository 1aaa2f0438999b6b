import { afterEach, describe, expect, it, vi } from "vitest";
import { createContactService } from "~/server/contact/contact";
import { createRateLimiter } from "~/server/http/rate-limiter";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { openJsonStore } from "~/server/records/open-store";

afterEach(async () => {
  vi.useRealTimers();
  await removeTempDirs();
});

const WINDOW = { limit: 3, windowMs: 60_000 };

describe("createRateLimiter", () => {
  it("limits a key after `limit` takes for the rest of its window, then starts afresh", async () => {
    vi.useFakeTimers({ now: new Date("2030-01-01T00:00:00Z") });
    const limiter = createRateLimiter(WINDOW);
    for (let i = 0; i < WINDOW.limit; i++) expect(await limiter.take("a")).toEqual({ limited: false });
    vi.advanceTimersByTime(20_000);
    expect(await limiter.take("a")).toEqual({ limited: true, retryAfterSeconds: 40 });
    expect(await limiter.take("b")).toEqual({ limited: false }); // keys are apart
    vi.advanceTimersByTime(40_000);
    expect(await limiter.take("a")).toEqual({ limited: false });
  });

  it("reset forgets a key", async () => {
    const limiter = createRateLimiter(WINDOW);
    for (let i = 0; i < WINDOW.limit; i++) await limiter.take("a");
    await limiter.reset("a");
    expect(await limiter.take("a")).toEqual({ limited: false });
  });

  it("take lets exactly `limit` of a burst through, and refund gives one back", async () => {
    const limiter = createRateLimiter(WINDOW);
    const verdicts = await Promise.all(Array.from({ length: WINDOW.limit + 4 }, () => limiter.take("a")));
    expect(verdicts.filter((v) => !v.limited)).toHaveLength(WINDOW.limit);
    await limiter.reset("a");
    for (let i = 0; i < WINDOW.limit; i++) await limiter.take("a");
    await limiter.refund("a");
    expect(await limiter.take("a")).toEqual({ limited: false });
    expect((await limiter.take("a")).limited).toBe(true);
  });
});

describe("the contact limit under a burst", () => {
  it("stores exactly 5 of 8 messages sent at once from one address", async () => {
    const store = await openJsonStore(makeTempDir("contact-"), { seed: false });
    try {
      const contact = createContactService({ store });
      const message = { name: "Ada", email: "ada@example.com", message: "Hello there." };
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => contact.submit(message, "203.0.113.5")));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
      expect(await store.listMessages()).toHaveLength(5);
    } finally {
      await store.close();
    }
  });
});
