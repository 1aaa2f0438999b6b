// Run by `npm run bench` as `node --expose-gc --import tsx scripts/bench/cache-memory.ts PAGE.json keep|discard`,
// one process per run so each starts from a fresh heap: how much memory (RSS) the page cache
// really holds against the bytes it counts toward its bound. The cache's own pieces (buildPage,
// KeptPages, keepCost, the 404 budget) build distinct copies of a real page the bench fetched until
// the budget has turned over twice. `discard` does the same work with a bound of 0, keeping
// nothing: the difference of the two RSS figures is what keeping the pages costs, apart from the
// garbage that rendering and compressing leave in any server. Both wait for V8's memory reducer
// (about 8 s after the work stops) so they compare the steady state a server settles into.
// Prints one JSON line: {budget, counted, entries, rss, heap, external} (the last three grown by).
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { buildPage } from "~/server/page-cache/cached-page";
import { notFoundBudget } from "~/server/page-cache/html-cache";
import { keepCost, KeptPages } from "~/server/page-cache/kept-pages";

export type Template = { key: string; status: number; body: string; headers: Record<string, string> };

const MAX_BYTES = 64 * 1024 * 1024;
const SETTLE_MS = 12_000;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");

const template = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Template;
const keep = process.argv[3] === "keep";
// 404s are measured at 8x their real budget (16 MiB), where RSS shows more than noise.
const budget = template.status === 404 ? notFoundBudget(MAX_BYTES) * 8 : MAX_BYTES;

function settled() {
  for (let i = 0; i < 3; i++) gc!();
  const { rss, heapTotal, external } = process.memoryUsage();
  return { rss, heap: heapTotal, external };
}

/** A distinct page: the number goes in several places, as a real page's title, heading and links differ. */
const copy = (n: number) =>
  Buffer.from(template.body.replaceAll("queue-insights-", `queue-insights-${n}-`).replace("<title>", `<title>${n} `));

// The same number of pages in both modes: enough to fill the budget twice.
const first = await buildPage(template.status, template.headers, copy(0));
const count = Math.ceil((2 * budget) / keepCost(`${template.key}-0`, first, []));

const before = settled();
const lru = new KeptPages(keep ? budget : 0);
for (let n = 1; n <= count; n++) {
  const page = await buildPage(template.status, template.headers, copy(n));
  const key = `${template.key}-${n}`;
  lru.keep(key, page, []);
}
await sleep(SETTLE_MS);
const after = settled();
const grown = {
  rss: after.rss - before.rss,
  heap: after.heap - before.heap,
  external: after.external - before.external,
};
console.log(JSON.stringify({ budget, counted: lru.bytes, entries: lru.size, ...grown }));
