import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Template } from "./cache-memory";

/** One cache-memory.ts measurement: the bytes the cache counted and the RSS keeping them cost. */
export type CacheRss = { label: string; budget: number; counted: number; entries: number; rss: number };

const run = promisify(execFile);

/** A page as the cache would keep it: its body and the headers the full stack gave it. */
export async function fetchTemplate(base: string, page: string): Promise<Template> {
  const res = await fetch(base + page, { headers: { "Accept-Encoding": "identity" } });
  const headers: Record<string, string> = {};
  const perResponse = new Set(["content-length", "etag", "x-cache", "vary", "date", "connection", "keep-alive"]);
  res.headers.forEach((value, name) => void (perResponse.has(name) || (headers[name] = value)));
  return { key: page, status: res.status, body: await res.text(), headers };
}

async function once(file: string, mode: "keep" | "discard") {
  const script = path.resolve("scripts/bench/cache-memory.ts");
  const { stdout } = await run(process.execPath, ["--expose-gc", "--import", "tsx", script, file, mode], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as { budget: number; counted: number; entries: number; rss: number };
}

/**
 * Keeps copies of the page until the budget has turned over twice, in one process, and does the
 * same work keeping nothing in another, side by side: the difference is the cache's RSS cost.
 */
export async function cacheRss(work: string, label: string, template: Template): Promise<CacheRss> {
  const file = path.join(work, `template-${template.status}.json`);
  writeFileSync(file, JSON.stringify(template));
  const [kept, discarded] = await Promise.all([once(file, "keep"), once(file, "discard")]);
  return { label, budget: kept.budget, counted: kept.counted, entries: kept.entries, rss: kept.rss - discarded.rss };
}
