import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { agentClassifier } from "~/server/analytics/agents";
import { pageViewCounter, type Answer } from "~/server/analytics/page-views";
import { Tally, type CountRow, type View } from "~/server/analytics/tally";
import { turnBatches } from "~/server/analytics/turn-batches";
import { SESSION_COOKIE } from "~/server/auth/session";
import { pageRules } from "~/server/page-cache/page-rules";

const AT = Date.parse("2026-11-24T10:00:00Z");
const MINUTE = 60_000;
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const HOST = "www.example.com";

type Sent = { url: string; at?: number; address?: string; status?: number; headers?: Record<string, string> };

/** A real request and its answer, as the server leaves them once the answer is sent. */
function answer(socket: Socket, { url, at = AT, address = "192.0.2.1", status = 200, headers = {} }: Sent): Answer {
  const req = new IncomingMessage(socket);
  req.method = "GET";
  req.url = url;
  req.headers = { host: HOST, "user-agent": DESKTOP, ...headers };
  const res = new ServerResponse(req);
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  return { at, res, address };
}

const sorted = (rows: CountRow[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** Two pages, as app.ts reads them from the build's page routes. */
const pages = pageRules([
  { path: "/", handle: { pageCache: {} } },
  { path: "/blog", handle: { pageCache: { reads: ["page", "tag"] } } },
]);

const counterOn = (tally: Tally) =>
  pageViewCounter({ tally, pages, agentOf: agentClassifier(), isOurs: (host) => host === HOST });

describe("counting page views in batches", () => {
  const first = new Socket();
  const second = new Socket();
  const google = { referer: "https://www.google.com/search?q=queues" };
  const sent: [Socket, Sent][] = [
    [first, { url: "/", headers: google }],
    [first, { url: "/" }],
    [second, { url: "/" }],
    [first, { url: "/blog", headers: { referer: `https://${HOST}/` } }],
    [first, { url: "/blog", headers: { referer: `https://${HOST}/` }, at: AT + MINUTE }],
    [second, { url: "/?utm_source=newsletter", address: "192.0.2.2", headers: { "user-agent": PHONE } }],
    [second, { url: "/?utm_source=newsletter", address: "192.0.2.2", headers: { "user-agent": PHONE } }],
    [first, { url: "/", headers: { "user-agent": BOT } }],
    [first, { url: "/", headers: { "sec-purpose": "prefetch" } }],
    [first, { url: "/", headers: { cookie: `${SESSION_COOKIE}=sealed` } }],
    [first, { url: "/no-such-page", status: 404 }],
    [first, { url: "/no-such-page", status: 404 }],
    [first, { url: "/_root.data", headers: { referer: `https://${HOST}/` } }],
    [first, { url: "/blog.data", headers: { referer: `https://${HOST}/` } }],
    [first, { url: "/api/public/blog/posts" }],
  ];

  it("gives the tallies of counting each answer on its own, with repeats of a view counted in one call", () => {
    const oneByOne = new Tally();
    const countAlone = counterOn(oneByOne);
    for (const [socket, s] of sent) countAlone([answer(socket, s)]);

    const batched = new Tally();
    counterOn(batched)(sent.map(([socket, s]) => answer(socket, s)));

    expect(sorted(batched.pending())).toEqual(sorted(oneByOne.pending()));
    const row = (dimension: string, key: string) =>
      batched.pending().find((r) => r.dimension === dimension && r.key === key);
    // Counted: three views of / and two of /blog by the first visitor (the two sockets are one
    // reader), two of / by the phone, and /blog.data as a move to /blog; not the bot, the
    // prefetch, the signed-in reader, the revalidation of / or the API. Entries: the views
    // without a referrer or with another site's.
    expect(row("total", "")).toMatchObject({ views: 8, visitors: 2, entries: 5 });
    expect(row("page", "/")).toMatchObject({ views: 5, visitors: 2 });
    expect(row("page", "/blog")).toMatchObject({ views: 3, visitors: 1, entries: 0 });
    expect(row("campaign", "utm_source=newsletter")).toMatchObject({ views: 2, visitors: 1 });
    expect(row("device", "phone")).toMatchObject({ views: 2, visitors: 1 });
    expect(row("notFound", "")).toMatchObject({ views: 2 });
    expect(batched.recent(AT + MINUTE)).toEqual({ views: 8, visitors: 2 });
  });

  it("counts a view in the day it was answered when the next one is past midnight", () => {
    const midnight = Date.parse("2026-11-25T00:00:00Z");
    const tally = new Tally();
    const socket = new Socket();
    counterOn(tally)([
      answer(socket, { url: "/", at: midnight - 1 }),
      answer(socket, { url: "/no-such-page", at: midnight, status: 404 }),
      answer(socket, { url: "/", at: midnight }),
    ]);
    const total = (day: string) => tally.pending().find((r) => r.dimension === "total" && r.day === day);
    expect(total("2026-11-24")).toMatchObject({ views: 1, visitors: 1 });
    expect(total("2026-11-25")).toMatchObject({ views: 1, visitors: 1 });
  });
});

describe("counting page views of many URLs", () => {
  it("keeps counting each URL's page once the URLs it remembers are forgotten", () => {
    const tally = new Tally();
    const socket = new Socket();
    const urls = Array.from({ length: 2_100 }, (_, i) => `/blog?page=${i + 1}&utm_source=s${i}`);
    counterOn(tally)([...urls, urls[0]!].map((url) => answer(socket, { url })));
    const row = (dimension: string, key: string) =>
      tally.pending().find((r) => r.dimension === dimension && r.key === key);
    expect(row("page", "/blog?page=1")).toMatchObject({ views: 2, visitors: 1 });
    expect(row("campaign", "utm_source=s0")).toMatchObject({ views: 2, visitors: 1 });
    expect(row("total", "")).toMatchObject({ views: 2_101, visitors: 1 });
  });
});

describe("Tally", () => {
  it("counts a view given a number of times as that many views of one visitor", () => {
    const view: View = { page: "/", referrer: "", campaign: "utm_source=x", device: "desktop" };
    const once = new Tally();
    for (let i = 0; i < 3; i++) once.view(AT, {}, "192.0.2.1", DESKTOP, view);
    const thrice = new Tally();
    thrice.view(AT, {}, "192.0.2.1", DESKTOP, view, 3);
    expect(sorted(thrice.pending())).toEqual(sorted(once.pending()));
    expect(thrice.pending().find((r) => r.dimension === "page")).toMatchObject({ views: 3, visitors: 1, entries: 3 });
    expect(thrice.recent(AT)).toEqual({ views: 3, visitors: 1 });
  });
});

describe("turnBatches", () => {
  it("hands on what was added in one turn as one batch after it, or at once when drained", async () => {
    const batches: number[][] = [];
    const queue = turnBatches<number>((batch) => batches.push([...batch]));
    queue.add(1);
    queue.add(2);
    expect(batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2]]);
    queue.add(3);
    queue.drain();
    expect(batches).toEqual([[1, 2], [3]]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2], [3]]);
  });
});
