import { readFileSync } from "node:fs";
import path from "node:path";
import type { DbFile } from "~/server/store/db-schema";
import { better, CONNECTIONS, cpuRound, round, ROUND_SECONDS, type Load } from "./load";
import { fetchBytes, withSite } from "./servers";
import { buildStockApp, startStockServers, STOCK_POST_PATH } from "./stock";

/**
 * The site with its page cache off against a stock React Router 7 app on Express (stock.ts)
 * serving a post page of the same size, in the same run. Both run at once in processes of their
 * own and the pages are measured in turn, round after round, so a burst of other work on the
 * machine hits them alike; the best round of each counts. The site's first seconds after its
 * start are measured on their own (cold), and again in a round after all the others (warm).
 */
const ROUNDS = 3;
const COLD_SECONDS = 3;

export type StockRow = { page: string; server: string; bytes: number; load: Load; cpuMs: number };
export type StockResult = {
  rows: StockRow[];
  stockPost: Load;
  /** Stock's post without content: its floor, the cost of an answer before there is anything to render. */
  stockBare: Load;
  cold: Load;
  warm: Load;
  stockCold: Load;
};

export async function againstStock(dataDir: string, work: string, env: Record<string, string>): Promise<StockResult> {
  buildStockApp();
  return withSite(dataDir, env, async (site) => {
    // The sample post the first start wrote, read from the folder so no request warms the server first.
    const db = JSON.parse(readFileSync(path.join(dataDir, "db.json"), "utf8")) as DbFile;
    const slug = db.posts.find((p) => p.published)!.slug;
    const post = `/blog/${slug}`;
    const cold = await round(site.url + post, { seconds: COLD_SECONDS });
    const pages = ["/", "/blog", post];
    const bytes = new Map(
      await Promise.all(pages.map(async (p) => [p, (await fetchBytes(site.url + p)).length] as const)),
    );
    const { sized: stock, bare } = await startStockServers(work, bytes.get(post)!);
    try {
      const stockCold = await round(stock.url + STOCK_POST_PATH, { seconds: COLD_SECONDS });
      const targets = [
        ...pages.map((page) => ({ key: page, url: site.url + page, pid: site.pid })),
        { key: "stock", url: stock.url + STOCK_POST_PATH, pid: stock.pid },
        { key: "stock-bare", url: bare.url + STOCK_POST_PATH, pid: bare.pid },
      ];
      const best = new Map<string, Load>();
      const cpu = new Map<string, number[]>();
      for (const { url } of targets) await round(url, { seconds: 1 }); // JIT warm-up of both
      for (let i = 0; i < ROUNDS; i++) {
        for (const { key, url, pid } of targets) {
          const { cpuMs: ms, ...load } = await cpuRound(url, pid);
          best.set(key, better(best.get(key), load));
          cpu.set(key, [...(cpu.get(key) ?? []), ms]);
        }
      }
      // The median round's CPU time per answer.
      const cpuMs = (key: string) => cpu.get(key)!.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
      const warm = await round(site.url + post);
      const label = (page: string) => (page === post ? "/blog/:slug (a post)" : page);
      const rows: StockRow[] = [
        ...[post, "/", "/blog"].map((page) => ({
          page: label(page),
          server: "ours, cache off",
          bytes: bytes.get(page)!,
          load: best.get(page)!,
          cpuMs: cpuMs(page),
        })),
        {
          page: "/blog/:slug (a post)",
          server: "stock React Router 7",
          bytes: stock.pageBytes,
          load: best.get("stock")!,
          cpuMs: cpuMs("stock"),
        },
        {
          page: "a post without content",
          server: "stock React Router 7",
          bytes: bare.pageBytes,
          load: best.get("stock-bare")!,
          cpuMs: cpuMs("stock-bare"),
        },
      ];
      return { rows, stockPost: best.get("stock")!, stockBare: best.get("stock-bare")!, cold, warm, stockCold };
    } finally {
      await Promise.all([stock.stop(), bare.stop()]);
    }
  });
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");

export function stockReport({ rows, stockPost, cold, warm, stockCold }: StockResult): string {
  const stockCpu = rows.find((row) => row.load === stockPost)!.cpuMs;
  const header = `${"page".padEnd(24)}${"server".padEnd(24)}${"bytes".padStart(9)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}  vs stock${"CPU ms/req".padStart(12)}  vs stock`;
  const lines = rows.map(
    ({ page, server, bytes, load, cpuMs }) =>
      `${page.padEnd(24)}${server.padEnd(24)}${int(bytes).padStart(9)}${int(load.rps).padStart(9)}${String(load.p50).padStart(9)}${String(load.p99).padStart(9)}  ${`${(load.rps / stockPost.rps).toFixed(2)}x`.padStart(8)}${cpuMs.toFixed(2).padStart(12)}  ${`${(stockCpu / cpuMs).toFixed(2)}x`.padStart(8)}`,
  );
  const tail = (name: string, load: Load) =>
    `${name.padEnd(48)}${int(load.rps).padStart(9)}${String(load.p50).padStart(9)}${String(load.p99).padStart(9)}`;
  return `Uncached rendering against a stock React Router 7 app on Express (scripts/bench/stock-app), same run,
pages in turn, best of ${ROUNDS} rounds of ${ROUND_SECONDS} s at ${CONNECTIONS} connections; the server's CPU time per
answer is the median round's, and its "vs stock" is stock's CPU time per answer over ours; the last
row is stock with no content in its post: React Router's and Express's own cost per answer
${header}
${lines.join("\n")}

The post page's tail at ${CONNECTIONS} connections, cache off     req/s   p50 ms   p99 ms
${tail(`ours, cold (the first ${COLD_SECONDS} s after the ready line)`, cold)}
${tail(`ours, warm (a ${ROUND_SECONDS}-s round after all the above)`, warm)}
${tail(`stock, cold (the first ${COLD_SECONDS} s after its first page)`, stockCold)}`;
}
