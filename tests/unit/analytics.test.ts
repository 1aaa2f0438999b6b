import { describe, expect, it } from "vitest";
import { classify } from "~/server/analytics/agents";
import { MAX_KEYS, OTHER_KEY, Tally, type View } from "~/server/analytics/tally";
import { campaignKey, referrerHost, utmOf } from "~/server/analytics/visit";

const DAY = Date.parse("2026-11-24T10:00:00Z");
const HOUR = 3_600_000;
const page = (path: string): View => ({ page: path, referrer: "", campaign: "", device: "desktop" });

describe("classify", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", "phone"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36", "phone"],
    ["Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/126.0 Safari/537.36", "tablet"],
    ["Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", "tablet"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36", "desktop"],
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "bot"],
    ["curl/8.5.0", "bot"],
    ["", "bot"],
  ])("%s is a %s", (userAgent, agent) => {
    expect(classify(userAgent)).toBe(agent);
  });
});

describe("visit parts", () => {
  it("reads a referrer's host, and nothing from what is not a URL", () => {
    expect(referrerHost("https://News.Example.com:8443/a?b#c")).toBe("news.example.com");
    expect(referrerHost("android-app://com.google.android.gm/")).toBe("com.google.android.gm");
    for (const junk of [undefined, "", "news.example.com", "https://user@host/", "https://[::1]/", "://x"]) {
      expect(referrerHost(junk)).toBe("");
    }
  });

  it("keeps the UTM values of a query in one order, cut to 100 characters", () => {
    expect(utmOf("/")).toBeUndefined();
    expect(utmOf("/?utm_source=")).toBeUndefined();
    const utm = utmOf(`/?utm_campaign=spring&x=1&utm_source=${"n".repeat(150)}`);
    expect(utm).toEqual({ utm_source: "n".repeat(100), utm_campaign: "spring" });
    expect(campaignKey(utm)).toBe(`utm_source=${"n".repeat(100)}&utm_campaign=spring`);
  });
});

describe("Tally", () => {
  it("counts a visitor once a day per value, and again on the next day, under a new salt", () => {
    const tally = new Tally();
    const socket = {};
    tally.view(DAY, socket, "192.0.2.1", "browser", page("/"));
    tally.view(DAY + HOUR, {}, "192.0.2.1", "browser", page("/"));
    tally.view(DAY + HOUR, socket, "192.0.2.1", "browser", page("/blog"));
    tally.view(DAY + 24 * HOUR, socket, "192.0.2.1", "browser", page("/"));
    const total = (day: string) => tally.pending().find((r) => r.dimension === "total" && r.day === day);
    expect(total("2026-11-24")).toMatchObject({ views: 3, visitors: 1, entries: 3 });
    expect(total("2026-11-25")).toMatchObject({ views: 1, visitors: 1 });
    const pages = tally.pending().filter((r) => r.dimension === "page" && r.day === "2026-11-24");
    expect(pages.map((r) => [r.key, r.views, r.visitors])).toEqual([
      ["/", 2, 1],
      ["/blog", 1, 1],
    ]);
  });

  it("puts values past MAX_KEYS a day into one row, so junk cannot grow the memory", () => {
    const tally = new Tally();
    for (let i = 0; i < MAX_KEYS + 50; i++) tally.view(DAY, {}, "192.0.2.1", "browser", page(`/blog?page=${i}`));
    const pages = tally.pending().filter((r) => r.dimension === "page");
    expect(pages).toHaveLength(MAX_KEYS + 1);
    expect(pages.find((r) => r.key === OTHER_KEY)).toMatchObject({ views: 50 });
  });

  it("starts from nothing after a take, and counts what is given back with the next", () => {
    const tally = new Tally();
    tally.view(DAY, {}, "192.0.2.1", "browser", page("/"));
    const taken = tally.take();
    expect(tally.pending()).toEqual([]);
    tally.view(DAY, {}, "192.0.2.1", "browser", page("/"));
    tally.giveBack(taken);
    expect(tally.take().find((r) => r.dimension === "total")).toMatchObject({ views: 2, visitors: 1 });
  });
});
