import { readFileSync } from "node:fs";
import path from "node:path";
import { writeManyPosts } from "./many-posts";
import { mb, targetList } from "./report";
import { startChild } from "./servers";

/**
 * What a write costs on the data folder, with the journal (docs/decisions/092-a-journal-beside-db-json.md)
 * and with every write rewriting all of db.json as before it, side by side in one run, at 1,000
 * and 10,000 posts: creating a post, saving an existing one and signing in (which records the
 * time of the sign-in), each through the HTTP API one after another.
 */
export const LAYOUTS = ["journal", "whole-file"] as const;
type Layout = (typeof LAYOUTS)[number];

export type WriteTimes = {
  layout: Layout;
  posts: number;
  create: number[];
  update: number[];
  signIn: number[];
  rss: number;
};

type Timers = {
  signIn: (base: string) => Promise<string>;
  timeCreates: (base: string, cookie: string, count: number, prefix: string) => Promise<number[]>;
};

const SIGN_INS = 10;

async function timeUpdates(base: string, cookie: string, count: number, firstId: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/cms/update-post/${firstId + i}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: base, Cookie: cookie },
      body: JSON.stringify({ title: `Saved again by npm run bench (${i})` }),
    });
    if (!res.ok) throw new Error(`saving a post answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function timeSignIns(base: string, signIn: Timers["signIn"]): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SIGN_INS; i++) {
    const started = performance.now();
    await signIn(base);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) * 1024;

export async function measureWrites(
  folder: (name: string) => string,
  sizes: number[],
  env: Record<string, string>,
  timers: Timers,
  count: number,
): Promise<WriteTimes[]> {
  const results: WriteTimes[] = [];
  for (const posts of sizes) {
    for (const layout of LAYOUTS) {
      const dir = folder(`writes-${layout}-${posts}`);
      writeManyPosts(dir, posts);
      const server = await startChild(path.resolve("scripts/bench/write-server.ts"), [dir, layout], {
        ...process.env,
        ...env,
      });
      try {
        const signIn = await timeSignIns(server.url, timers.signIn);
        const cookie = await timers.signIn(server.url);
        const create = await timers.timeCreates(server.url, cookie, count, `write-${layout}`);
        const update = await timeUpdates(server.url, cookie, count, Math.floor(posts / 2));
        results.push({ layout, posts, create, update, signIn, rss: rssOf(server.pid) });
      } finally {
        await server.stop();
      }
    }
  }
  return results;
}

const median = (times: number[]) => times[Math.floor(times.length / 2)]!;
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

export function writesReport(results: WriteTimes[]): string {
  const header = `${"layout".padEnd(12)}${"posts".padStart(7)}${"create p50".padStart(12)}${"update p50".padStart(12)}${"sign-in p50".padStart(13)}${"RSS".padStart(9)}`;
  const lines = results.map(
    (r) =>
      `${r.layout.padEnd(12)}${r.posts.toLocaleString("en-US").padStart(7)}${ms(median(r.create)).padStart(12)}${ms(median(r.update)).padStart(12)}${ms(median(r.signIn)).padStart(13)}${mb(r.rss).padStart(9)}`,
  );
  const find = (layout: Layout, posts: number) => results.find((r) => r.layout === layout && r.posts === posts)!;
  const sizes = [...new Set(results.map((r) => r.posts))];
  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  const [journal, whole, journalSmall] = [find("journal", large), find("whole-file", large), find("journal", small)];
  const count = large.toLocaleString("en-US");
  return `Writes through the HTTP API, one after another (${journal.create.length} creates and saves, ${SIGN_INS} sign-ins each; sign-in includes scrypt)
${header}
${lines.join("\n")}
${targetList([
  {
    name: `create-post median at most 10 ms at ${count} posts (journal)`,
    met: median(journal.create) <= 10,
    value: `${ms(median(journal.create))}, ${(median(whole.create) / median(journal.create)).toFixed(0)}x faster than the whole file`,
  },
  {
    // Flat: within 50% or 2 ms of the small site's, whichever is more.
    name: `create-post flat from ${small.toLocaleString("en-US")} to ${count} posts (journal)`,
    met: median(journal.create) <= Math.max(1.5 * median(journalSmall.create), median(journalSmall.create) + 2),
    value: `${ms(median(journalSmall.create))} -> ${ms(median(journal.create))}`,
  },
  {
    name: `memory at ${count} posts no higher with the journal`,
    met: journal.rss <= whole.rss * 1.05,
    value: `${mb(journal.rss)} against ${mb(whole.rss)}`,
  },
])}`;
}
