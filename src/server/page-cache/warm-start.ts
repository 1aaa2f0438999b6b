import http from "node:http";
import { loopbackGet } from "./loopback-get";
import type { Store } from "~/server/records/store";

/**
 * Warm start (docs/decisions/050-uncached-rendering.md): a fresh process renders its first pages
 * many times slower than a warm one (V8 compiles React's and React Router's hot paths only after
 * they have run a while, and the heap grows to its working size), so the first seconds after every
 * start or deploy answered readers at 50 connections with a p99 of over a second. Before the
 * server listens, the most read pages are rendered through the whole stack on a private loopback
 * port, bypassing the page cache, for about a second. The cache is left empty: what a reader first
 * gets is as before, a render kept for the next (the warm-up only makes that render fast).
 */
export const WARM_UP_MS = 1_000;
/** At most this many rounds over the pages, however fast they go. */
const MAX_ROUNDS = 25;
/** The newest published posts warmed besides the fixed pages. */
const POSTS = 3;
const PAGES = ["/", "/blog", "/industries"];

export type WarmStart = {
  /** The host without the page cache: every request renders, and nothing is kept. */
  render: http.RequestListener;
  store: Store;
};

/** The paths a warm start renders: the fixed pages, then the newest published posts. */
export async function warmPaths(store: Store): Promise<string[]> {
  const posts = await store.publishedPosts();
  return [...PAGES, ...posts.slice(0, POSTS).map((post) => `/blog/${encodeURIComponent(post.slug)}`)];
}

/** Renders the popular pages until `budgetMs` (the WARM_UP_MS setting) has passed; answers how many renders it made. */
export async function warmStart({ render, store }: WarmStart, budgetMs = WARM_UP_MS): Promise<number> {
  const paths = await warmPaths(store);
  let renders = 0;
  await withLoopback(render, async (get) => {
    const until = performance.now() + budgetMs;
    for (let round = 0; round < MAX_ROUNDS && performance.now() < until; round++) {
      for (const path of paths) {
        await get(path);
        renders += 1;
      }
    }
  });
  return renders;
}

/** A server on 127.0.0.1 and a free port for `use`, closed afterwards; `get` never rejects. */
async function withLoopback(
  listener: http.RequestListener,
  use: (get: (path: string) => Promise<void>) => Promise<void>,
): Promise<void> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // Uncompressed: the renderer is what needs warming, and the rounds end sooner.
  const get = loopbackGet(server, {
    userAgent: "queuesite-warm-start",
    acceptEncoding: "identity",
    timeoutMs: 10_000,
    agent,
  });
  try {
    await use(get);
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
