import { expect, it } from "vitest";
import { runScript } from "../helpers/node-script";

/**
 * Small answers are where the bookkeeping weighs most against the bytes: a few dozen bytes with
 * their key, headers and topics (a blog whose posts carry tags of their own gives each page topics
 * no other page shows). The first cache pays for the process's one-time growth (the compressors'
 * memory, V8's heap reaching its working size); a second, kept beside it, shows what each answer
 * adds, which the budget must bound. Measured in a process of its own: the unit tier's workers run
 * many test files, whose leftovers would move the memory read here. What is read is live memory
 * after collection (docs/decisions/070-kept-pages-counted-as-the-process-grows.md says why not the
 * resident size).
 */
const SCRIPT = `
import v8 from "node:v8";
import vm from "node:vm";
import { contentSecurityPolicy } from "./src/server/http/security-headers.ts";
import { buildPage } from "./src/server/page-cache/cached-page.ts";
import { KeptPages } from "./src/server/page-cache/kept-pages.ts";
import { SHOWS_POSTS, showsPost, showsTag } from "./src/shared/page-cache.ts";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");
const live = () => {
  for (let i = 0; i < 3; i++) gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};
// The headers of a public API answer: helmet's, shared by every answer, and its own type.
const HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "content-security-policy": contentSecurityPolicy({ dev: false }),
  "cache-control": "no-cache",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};
// A cache of budget bytes filled with distinct small answers, each showing its slug, the list and five tags.
async function filled(budget, from) {
  const kept = new KeptPages(budget);
  for (let n = from; kept.bytes < budget - 16_384; n++) {
    const page = await buildPage(404, HEADERS, Buffer.from('{"message":"No post at p-' + n + '."}'));
    const tags = Array.from({ length: 5 }, (_, i) => showsTag("tag-" + n + "-" + i));
    kept.keep("/blog/p-" + n, page, [showsPost("p-" + n), SHOWS_POSTS, ...tags]);
  }
  return kept;
}
const budget = 24 * 1024 * 1024;
const first = await filled(budget, 0);
const before = live();
const second = await filled(budget, 1_000_000);
const grown = live() - before;
process.stdout.write(JSON.stringify({ grown, bytes: second.bytes, size: second.size, firstSize: first.size }));
`;

it("counts many small answers at no less than the memory they hold", async () => {
  const { code, stdout } = await runScript(SCRIPT);
  expect(code).toBe(0);
  const { grown, bytes, size, firstSize } = JSON.parse(stdout) as Record<string, number>;
  expect(size).toBeGreaterThan(2000);
  expect(firstSize).toBeGreaterThan(2000); // still held while the second is measured
  expect(grown).toBeLessThan(bytes!);
}, 120_000);
