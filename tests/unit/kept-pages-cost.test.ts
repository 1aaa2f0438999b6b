import v8 from "node:v8";
import vm from "node:vm";
import { expect, it } from "vitest";
import { contentSecurityPolicy } from "~/server/http/security-headers";
import { buildPage } from "~/server/page-cache/cached-page";
import { KeptPages } from "~/server/page-cache/kept-pages";
import { SHOWS_POSTS, showsPost, showsTag } from "~/shared/page-cache";

// A collection on demand, without starting the test process with --expose-gc.
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** The process's resident memory after a full collection. */
function rss(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().rss;
}

/** The headers of a public API answer: helmet's, shared by every answer, and its own type. */
const HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "content-security-policy": contentSecurityPolicy({ dev: false }),
  "cache-control": "no-cache",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/** Fills a cache of `budget` bytes with distinct small answers, each showing its slug, the list and five tags. */
async function filled(budget: number, from: number): Promise<KeptPages> {
  const kept = new KeptPages(budget);
  for (let n = from; kept.bytes < budget - 16_384; n++) {
    const page = await buildPage(404, HEADERS, Buffer.from(`{"message":"No post at p-${n}."}`));
    const tags = Array.from({ length: 5 }, (_, i) => showsTag(`tag-${n}-${i}`));
    kept.keep(`/blog/p-${n}`, page, [showsPost(`p-${n}`), SHOWS_POSTS, ...tags]);
  }
  return kept;
}

/**
 * Small answers are where the bookkeeping weighs most against the bytes: a few dozen bytes with
 * their key, headers and topics (a blog whose posts carry tags of their own gives each page topics
 * no other page shows). The first cache pays for the process's one-time growth (the compressors'
 * memory, V8's heap reaching its working size); a second, kept beside it, shows what each answer
 * adds, which the budget must bound.
 */
it("counts many small answers at what the process grows by, within half again", async () => {
  const budget = 24 * 1024 * 1024;
  const first = await filled(budget, 0);
  const before = rss();
  const second = await filled(budget, 1_000_000);
  const grown = rss() - before;
  expect(second.size).toBeGreaterThan(2000);
  expect(grown).toBeLessThan(1.5 * second.bytes);
  expect(first.size).toBeGreaterThan(2000); // still held while the second is measured
}, 120_000);
