import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PARAGRAPH } from "./many-posts";
import { fetchBytes, startChild, type ChildServer } from "./servers";

/**
 * The stock React Router 7 app on Express that `npm run bench` sets the site against
 * (scripts/bench/stock-app): React Router's own template with one post route, built by
 * `react-router build` into a folder under node_modules/.cache (rebuilt when its sources change)
 * and started in a process of its own, serving one post whose content is sized so the page weighs
 * what the site's post page weighs in the same run.
 */
const SOURCE = path.resolve("scripts/bench/stock-app");
const BUILD = path.resolve("node_modules/.cache/bench-stock-app");
export const STOCK_POST_PATH = "/blog/stock-post";

const newest = (entry: string): number =>
  statSync(entry).isDirectory()
    ? Math.max(0, ...readdirSync(entry).map((name) => newest(path.join(entry, name))))
    : statSync(entry).mtimeMs;

/** Builds the stock app unless its build is newer than its sources and React Router's package. */
export function buildStockApp(): void {
  const built = path.join(BUILD, "server/index.js");
  const rrPackage = path.resolve("node_modules/react-router/package.json");
  if (existsSync(built) && statSync(built).mtimeMs > Math.max(newest(SOURCE), statSync(rrPackage).mtimeMs)) return;
  console.log("Building the stock React Router app for the comparison...");
  try {
    execFileSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build", SOURCE], {
      env: { ...process.env, STOCK_BUILD_DIR: BUILD, NODE_ENV: "production" },
      stdio: "pipe",
    });
  } catch (error) {
    const { stderr } = error as { stderr?: Buffer };
    throw new Error(`building the stock React Router app failed:\n${stderr?.toString() ?? String(error)}`);
  }
}

export type StockServer = ChildServer & { pageBytes: number };

async function startStock(work: string, paragraphs: number): Promise<StockServer> {
  const file = path.join(work, `stock-post-${paragraphs}.json`);
  const post = {
    slug: STOCK_POST_PATH.split("/").at(-1),
    title: "Introducing smart queues for the modern world",
    summary: "How a virtual queue lets visitors wait wherever they like.",
    createdAt: "2026-01-01T00:00:00.000Z",
    content: `<h2>Why queues</h2>${PARAGRAPH.repeat(paragraphs)}`,
  };
  writeFileSync(file, JSON.stringify(post));
  const env = { ...process.env, NODE_ENV: "production", STOCK_POST_FILE: file };
  const server = await startChild(path.join(SOURCE, "server.mjs"), [BUILD], env);
  try {
    return { ...server, pageBytes: (await fetchBytes(server.url + STOCK_POST_PATH)).length };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * The stock app twice: serving a post page within 1% of `targetBytes` (`sized`), and a post
 * without content (`bare`, a page of about 4 KB: what React Router and Express cost per answer
 * before there is anything to render). The bare one and one with many paragraphs tell what a
 * paragraph adds (to the HTML and to the hydration data alike).
 */
export async function startStockServers(
  work: string,
  targetBytes: number,
): Promise<{ sized: StockServer; bare: StockServer }> {
  const probe = 100;
  const bare = await startStock(work, 0);
  const full = await startStock(work, probe);
  const perParagraph = (full.pageBytes - bare.pageBytes) / probe;
  const paragraphs = Math.max(0, Math.round((targetBytes - bare.pageBytes) / perParagraph));
  if (paragraphs === probe) return { sized: full, bare };
  await full.stop();
  const sized = await startStock(work, paragraphs);
  if (Math.abs(sized.pageBytes - targetBytes) > targetBytes * 0.01) {
    await Promise.all([sized.stop(), bare.stop()]);
    throw new Error(`the stock page is ${sized.pageBytes} bytes, not about ${targetBytes}`);
  }
  return { sized, bare };
}
