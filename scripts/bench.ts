// `npm run bench`: the built server, cached and with the cache off, beside a node:http
// server sending the same bytes, then on 10,000 posts, and the JavaScript each public page loads.
// The servers of a part run side by side and each page is measured on each in turn, so a burst
// of other work on the machine hits them alike. Every request goes to 127.0.0.1.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import {
  PAGES_OF_BLOCKS,
  PUBLIC_PAGE_ROUTES,
  filesLoadedBy,
  gzipJsBytes,
  loadServerBuild,
  pageOfBlocksFiles,
} from "../tests/helpers/route-assets";
import { cacheRss, fetchTemplate, type CacheRss } from "./bench/cache-rss";
import { CONNECTIONS, measure } from "./bench/load";
import { measureImages } from "./bench/images";
import { resizeMemoryPart, resizeMemoryReport } from "./bench/resize-memory";
import { benchPostSlug, writeManyPosts } from "./bench/many-posts";
import { kb, loadTable, mb, targetList, type Row } from "./bench/report";
import { timeSanitizer } from "./bench/sanitize";
import { postgresPart, type PostgresResult } from "./bench/postgres";
import { fetchBytes, stopAll, withSameBytes, withSite } from "./bench/servers";
import { againstStock, stockReport, type StockResult } from "./bench/against-stock";
import { measureWrites, writesReport } from "./bench/writes";
import { readerReport, readerView } from "./bench/readers";
import { analyticsPart, analyticsReport, analyticsTarget } from "./bench/analytics";
import { searchPart, searchReport, searchTarget } from "./bench/search";
import { importPart, importReport, importTarget } from "./bench/import";
import { newsletterPart, newsletterReport } from "./bench/newsletter";

/** Readers the newsletter bench sends one post to. */
const NEWSLETTER_READERS = 10_000;

const POSTS = 10_000;
/** Creates timed one after another for each store: enough for a steady median (`npm run bench`). */
const CREATES = 20;
const ADMIN = { username: "bench-admin", password: "bench admin password" };
/** The post page with the cache off, against stock React Router 7 serving a page of the same size. */
const STOCK_RATIO_TARGET = 1.5;
const CACHE_OFF = { HTML_CACHE_BYTES: "0" };
const CACHE_ON = { HTML_CACHE_BYTES: "" }; // the default bound, whatever the caller's environment says

const work = mkdtempSync(path.join(tmpdir(), "queuesite-bench-"));
const folder = (name: string) => {
  const dir = path.join(work, name);
  mkdirSync(dir);
  return dir;
};

/** The Cookie header of the bench's admin, signed in through the API. */
async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function createPost(base: string, cookie: string, slug: string): Promise<void> {
  const res = await fetch(`${base}/api/cms/simple-create-post`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, Cookie: cookie },
    body: JSON.stringify({
      title: `Benchmark post ${slug}`,
      slug,
      summary: "Written by npm run bench.",
      content: "<p>A post written by the benchmark to time one create.</p>",
      published: true,
    }),
  });
  if (res.status !== 201) throw new Error(`creating a post answered ${res.status}`);
}

/** Milliseconds for each of `count` posts created one after another through the CMS API, sorted. */
async function timeCreates(
  base: string,
  cookie: string,
  count = CREATES,
  prefix = "benchmark-post",
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 1; i <= count; i++) {
    const started = performance.now();
    await createPost(base, cookie, `${prefix}-${i}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const rssBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) * 1024;
const label = (page: string) => (page.startsWith("/blog/") ? "/blog/:slug (a post)" : page);

/** Part 1: the sample site a first start creates, in two folders so both servers can run. */
function sampleSite(): Promise<Row[]> {
  return withSite(folder("sample"), CACHE_ON, (cached) =>
    withSite(folder("sample-off"), CACHE_OFF, async (off) => {
      const post = /href="(\/blog\/[^"?]+)"/.exec((await fetchBytes(`${cached.url}/blog`)).toString())?.[1];
      if (!post) throw new Error("no post on /blog");
      const pages = new Map<string, Buffer>();
      for (const page of ["/", "/blog", post]) pages.set(page, await fetchBytes(cached.url + page));
      return withSameBytes(work, pages, async (same) => {
        const rows: Row[] = [];
        for (const page of pages.keys()) {
          const yardstick = await measure(same + page);
          rows.push(
            { page: label(page), server: "cached", load: await measure(cached.url + page), against: yardstick },
            { page: label(page), server: "cache off", load: await measure(off.url + page), against: yardstick },
            { page: label(page), server: "node:http, same bytes", load: yardstick },
          );
        }
        return rows;
      });
    }),
  );
}

/** Part 2: 10,000 posts, written as db.json before the first start, twice. */
function manyPosts() {
  const [on, offDir] = [folder("many"), folder("many-off")];
  writeManyPosts(on, POSTS);
  copyFileSync(path.join(on, "db.json"), path.join(offDir, "db.json"));
  return withSite(on, { ...CACHE_ON, ...admin }, (cached) =>
    withSite(offDir, CACHE_OFF, async (off) => {
      const rows: Row[] = [];
      for (const page of ["/blog", "/blog?page=400", `/blog/${benchPostSlug(POSTS / 2)}`]) {
        rows.push(
          { page: label(page), server: "cached", load: await measure(cached.url + page) },
          { page: label(page), server: "cache off", load: await measure(off.url + page) },
        );
      }
      // One request at a time too: at 50 connections an uncached page's latency is mostly queueing.
      const alone: Row = {
        page: "/blog?page=400",
        server: "cache off, 1 connection",
        load: await measure(`${off.url}/blog?page=400`, 1),
      };
      rows.splice(4, 0, alone);
      const cookie = await signIn(cached.url);
      const creates = await timeCreates(cached.url, cookie);
      const rss = rssBytes(cached.pid); // before the images: their resize worker is not the posts' memory
      const images = await measureImages(cached.url, cookie);
      // Every post in one answer (about 28 MB here), as the product's client asks for it
      // (docs/product.md section 7): cached, as a browser asks (brotli), after one call has
      // rendered and compressed it; uncached, as plain JSON on 2 connections, since compressing
      // 28 MB on every call would take seconds each.
      const api = "/api/public/blog/posts";
      await fetchBytes(cached.url + api);
      rows.push(
        {
          page: api,
          server: "cached, brotli",
          load: await measure(cached.url + api, CONNECTIONS, { "Accept-Encoding": "gzip, deflate, br" }),
        },
        {
          page: api,
          server: "cache off, 2 connections",
          load: await measure(off.url + api, 2, { "Accept-Encoding": "identity" }),
        },
      );
      const templates = [
        await fetchTemplate(cached.url, `/blog/${benchPostSlug(POSTS / 2)}`),
        await fetchTemplate(cached.url, "/blog/nonexistent-1"),
      ];
      return { rows, creates, images, rss, rssWithApi: rssBytes(cached.pid), templates };
    }),
  );
}

const admin = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
const middle = (times: number[]) => Math.round(times[Math.floor(times.length / 2)]!);

const timers = { signIn, createPost, timeCreates };

/** `npm run bench -- --postgres`: only part 3, the PostgreSQL store (a few minutes less). */
async function postgresOnly() {
  const result = await postgresPart(folder, POSTS, admin, { on: CACHE_ON, off: CACHE_OFF }, timers, CREATES);
  console.log(postgresReport(result));
}

function postgresReport({ rows, creates, seen }: PostgresResult): string {
  return `PostgreSQL store (DATABASE_URL), ${POSTS.toLocaleString("en-US")} posts, two instances on one database
${loadTable(rows)}
create one post through /api/cms on instance A (${creates.length} in a row): median ${middle(creates)} ms, slowest ${Math.round(creates.at(-1)!)} ms
a post created on A, until instance B serves it (${seen.length} in a row): median ${middle(seen)} ms, slowest ${Math.round(seen.at(-1)!)} ms
${targetList([{ name: `create-post at ${POSTS.toLocaleString("en-US")} posts under 20 ms p50 (PostgreSQL)`, met: middle(creates) < 20, value: `${middle(creates)} ms` }])}`;
}

const cacheRssLine = (m: CacheRss) =>
  `${m.label.padEnd(44)}counted ${mb(m.counted).padStart(6)} in ${String(m.entries).padStart(5)} pages, RSS ${mb(m.rss).padStart(6)}: ${(m.rss / m.counted).toFixed(2)}x`;

/** The targets of the comparison with stock React Router, also printed by `npm run bench -- --stock`. */
const stockTargets = ({ rows, stockPost, stockBare, cold, warm }: StockResult) => {
  const post = rows[0]!.load;
  const ratio = (load: { rps: number }) => `${(load.rps / stockPost.rps).toFixed(2)}x`;
  return [
    {
      name: `cache off at least ${STOCK_RATIO_TARGET}x stock React Router 7 (post page, same bytes, same run)`,
      met: post.rps >= STOCK_RATIO_TARGET * stockPost.rps,
      // Stock's own post without content shows how close React Router's floor is to the target.
      value: `${ratio(post)} (${Math.round(post.rps)} against ${Math.round(stockPost.rps)} req/s; stock's post without content: ${ratio(stockBare)})`,
    },
    {
      name: "cache off, cold and warm: post page p99 under 3x p50",
      met: warm.p99 < 3 * warm.p50 && cold.p99 < 3 * cold.p50,
      value: `warm: p50 ${warm.p50} ms, p99 ${warm.p99} ms; cold: p50 ${cold.p50} ms, p99 ${cold.p99} ms`,
    },
  ];
};

/** The writes on the data folder, journal against whole file, and the reader's view while an editor saves. */
async function writesAndReaders(): Promise<string> {
  const writes = await measureWrites(folder, [1_000, POSTS], { ...CACHE_ON, ...admin }, timers, CREATES);
  const readers = await readerView(folder("readers"), POSTS, { ...CACHE_ON, ...admin }, signIn);
  return `${writesReport(writes)}\n\n${readerReport(readers, POSTS)}`;
}

/** `npm run bench -- --writes`: only the writes and the reader's view (a few minutes). */
async function writesOnly() {
  console.log(`npm run bench -- --writes: ${loadLine()}\n\n${await writesAndReaders()}`);
}

/** The machine's load average when the run ends: the machine may be shared, and the numbers move with it. */
const loadLine = () =>
  `${cpus().length} CPU cores, Node ${process.version}, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`;

/** `npm run bench -- --stock`: only the comparison with stock React Router (about a minute). */
async function stockOnly() {
  const result = await againstStock(folder("stock-ours"), work, CACHE_OFF);
  console.log(`${stockReport(result)}\n${targetList(stockTargets(result))}`);
}

/** `npm run bench -- --analytics`: only the cached page with analytics on and off (about a minute). */
async function analyticsOnly() {
  const result = await analyticsPart(folder, CACHE_ON);
  console.log(
    `npm run bench -- --analytics: ${loadLine()}\n\n${analyticsReport(result)}\n${targetList([analyticsTarget(result)])}`,
  );
}

/** `npm run bench -- --search`: only the public search's index at 10,000 posts (about half a minute). */
async function searchOnly() {
  const result = await searchPart(POSTS);
  console.log(
    `npm run bench -- --search: ${loadLine()}\n\n${searchReport(result)}\n${targetList([searchTarget(result)])}`,
  );
}

/** `npm run bench -- --import`: only the import of a generated 10,000-post WordPress export (under a minute). */
async function importOnly() {
  const result = await importPart(work, POSTS, process.cwd());
  console.log(
    `npm run bench -- --import: ${loadLine()}\n\n${importReport(result)}\n${targetList([importTarget(result)])}`,
  );
}

/** `npm run bench -- --newsletter`: only the newsletter's send to 10,000 readers (a few minutes). */
async function newsletterOnly() {
  console.log(
    `npm run bench -- --newsletter: ${loadLine()}\n\n${newsletterReport(await newsletterPart(NEWSLETTER_READERS))}`,
  );
}

async function main() {
  if (process.argv.includes("--newsletter")) return newsletterOnly();
  if (process.argv.includes("--postgres")) return postgresOnly();
  if (process.argv.includes("--analytics")) return analyticsOnly();
  if (process.argv.includes("--stock")) return stockOnly();
  if (process.argv.includes("--writes")) return writesOnly();
  if (process.argv.includes("--resize")) return console.log(resizeMemoryReport(await resizeMemoryPart()));
  if (process.argv.includes("--search")) return searchOnly();
  if (process.argv.includes("--import")) return importOnly();
  // First, while the machine has run nothing else of ours: its cold round is a fresh server's.
  const stock = await againstStock(folder("stock-ours"), work, CACHE_OFF);
  const sample = await sampleSite();
  const analytics = await analyticsPart(folder, CACHE_ON);
  const many = await manyPosts();
  const pgResult = await postgresPart(folder, POSTS, admin, { on: CACHE_ON, off: CACHE_OFF }, timers, CREATES);
  const writesAndReadersReport = await writesAndReaders();
  const [postTemplate, missingTemplate] = many.templates;
  const postsRss = await cacheRss(work, "post pages, the 64 MiB budget", postTemplate!);
  const missingRss = await cacheRss(work, "404 pages, 16 MiB (8x their 2 MiB budget)", missingTemplate!);
  const build = await loadServerBuild();
  // Pages of blocks with the code of the blocks they make live (the home page's too).
  const js = [
    ...Object.entries(PUBLIC_PAGE_ROUTES)
      .filter(([page]) => !(page in PAGES_OF_BLOCKS))
      .map(([page, id]) => ({ page, bytes: gzipJsBytes(filesLoadedBy(build, id)) })),
    ...Object.entries(PAGES_OF_BLOCKS).map(([page, { routeId, types }]) => ({
      page,
      bytes: gzipJsBytes(pageOfBlocksFiles(build, routeId, types)),
    })),
  ];

  const find = (rows: Row[], page: string, server: string) =>
    rows.find((r) => r.page === page && r.server === server)!.load;
  const post = find(sample, "/blog/:slug (a post)", "cached");
  const postSame = find(sample, "/blog/:slug (a post)", "node:http, same bytes");
  const page400 = find(many.rows, "/blog?page=400", "cached");
  const page400Alone = find(many.rows, "/blog?page=400", "cache off, 1 connection");
  const largestJs = Math.max(...js.map((j) => j.bytes));
  const median = many.creates[Math.floor(many.creates.length / 2)]!;
  const posts = POSTS.toLocaleString("en-US");
  const sanitizing = timeSanitizer();
  const resizeMemory = await resizeMemoryPart();
  const search = await searchPart(POSTS);
  const imported = await importPart(work, POSTS, process.cwd());
  const newsletter = await newsletterPart(NEWSLETTER_READERS);
  const slowestSanitize = Math.max(...sanitizing.map((r) => r.ms));

  console.log(`
npm run bench: ${cpus().length} CPU cores (${cpus()[0]?.model.trim()}), Node ${process.version}, ${CONNECTIONS} connections, best of 2 rounds of 3 s, load average at the end ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}

${stockReport(stock)}

${importReport(imported)}

The sample site (3 posts)
${loadTable(sample)}

${analyticsReport(analytics)}

${posts} posts
${loadTable(many.rows)}
create one post through /api/cms (${CREATES} in a row): median ${Math.round(median)} ms, slowest ${Math.round(many.creates.at(-1)!)} ms
upload a ${mb(many.images.uploadBytes)} JPEG through /api/cms/uploads (5 different ones): median ${Math.round(many.images.upload.median)} ms, slowest ${Math.round(many.images.upload.slowest)} ms
a post's social card (1200x630 PNG): first fetch (made) ${Math.round(many.images.card.first)} ms, repeat fetch (kept) ${many.images.card.repeat.toFixed(1)} ms
memory (RSS) of the cached server after the page runs above: ${mb(many.rss)}; after the API runs too: ${mb(many.rssWithApi)}
${resizeMemoryReport(resizeMemory)}
${searchReport(search)}

${newsletterReport(newsletter)}

The page cache's memory: what keeping pages grew RSS by (the same renders keeping nothing subtracted), against the bytes it counts
${cacheRssLine(postsRss)}
${cacheRssLine(missingRss)}

Sanitizing hostile post content (best of 3)
${sanitizing.map((r) => `${r.name.padEnd(28)}${`${r.ms.toFixed(1)} ms`.padStart(10)}`).join("\n")}

${postgresReport(pgResult)}

${writesAndReadersReport}

JavaScript each public page loads (gzip, from the build manifest)
${js.map((j) => `${j.page.padEnd(24)}${kb(j.bytes).padStart(10)}`).join("\n")}

Targets
${targetList([
  {
    name: "hot post page at least 50% of node:http",
    met: post.rps >= postSame.rps / 2,
    value: `${Math.round((100 * post.rps) / postSame.rps)}%`,
  },
  ...stockTargets(stock),
  analyticsTarget(analytics),
  searchTarget(search),
  {
    name: "no public page over 125 KB of JavaScript (gzip)",
    met: largestJs <= 125 * 1024,
    value: `largest ${kb(largestJs)}`,
  },
  {
    name: `/blog?page=400 with ${posts} posts under 20 ms p50`,
    met: page400.p50 < 20,
    value: `${page400.p50} ms cached, ${page400Alone.p50} ms rendered alone`,
  },
  { name: `memory with ${posts} posts under 300 MB`, met: many.rss < 300 * 1024 * 1024, value: mb(many.rss) },
  {
    name: "page cache RSS within 1.5x of its count (post pages)",
    met: postsRss.rss <= 1.5 * postsRss.counted,
    value: `${(postsRss.rss / postsRss.counted).toFixed(2)}x`,
  },
  importTarget(imported),
  {
    name: "1 MB of <!-- sanitizes in well under 100 ms",
    met: slowestSanitize < 50,
    value: `slowest ${slowestSanitize.toFixed(1)} ms`,
  },
])}`);
}

try {
  await main();
} finally {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
}
