import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import { asksForPreview } from "~/shared/preview";
import { sessionCookieOf } from "~/server/auth/session";
import { ByteLru } from "./byte-lru";
import { buildPage, sendPage, type CachedPage } from "./cached-page";
import type { Store } from "~/server/store/types";

/**
 * The rendered-page cache (docs/decisions/003-rendered-page-cache.md). Public pages are a pure function of their URL and the
 * content (docs/architecture.md section 6), so a page is rendered once, kept per URL and dropped on every
 * content write. Anything that could depend on who asks is left alone: other methods, requests
 * with the session cookie, paths outside the public pages, and answers other than 200 and 404.
 */
export type HtmlCache = {
  /** Answers a hit on a bare node:http request; the host calls it before Express runs (serve.ts). */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** First in createApp: answers a hit, or lets the page render once and keeps it. */
  middleware: RequestHandler;
  stats(): HtmlCacheStats;
  /** Makes this request render whatever the cache holds, and keeps nothing from it (warm-start.ts). */
  bypass(req: IncomingMessage): void;
};

export type HtmlCacheStats = {
  hits: number;
  renders: number;
  entries: number;
  bytes: number;
  maxBytes: number;
  /** The separate, small budget of 404 answers (unknown slugs and tags), which cannot evict a page. */
  notFound: { entries: number; bytes: number; maxBytes: number };
};

/**
 * The public pages of docs/product.md section 2 (home, industries, the blog, its posts and the
 * feeds) and the public blog API of section 7, which also changes only on content writes. The
 * admin, the tools, the rest of /api and React Router's `.data` requests (which a signed-in
 * page's loader answers too) never match.
 */
const PUBLIC_PAGE =
  /^\/(?:industries(?:\/[^/]+)?|blog(?:\/[^/]+)?|rss\.xml|sitemap\.xml|robots\.txt|api\/public\/blog\/posts(?:\/[^/]+)?|api\/blog\/(?:posts|tags))?$/;

/**
 * The query parameters each path reads (the blog's loader, the public API's paging); every other
 * parameter cannot change the answer, so it is left out of the key. A crawler's or a client's
 * cache-buster (`?cache=123`, `?utm_source=x`) then finds the one kept page instead of rendering
 * and keeping a copy per value.
 */
const READ_PARAMS: Record<string, readonly string[]> = {
  "/blog": ["tag", "page"],
  "/api/public/blog/posts": ["page", "pageSize"],
};

/**
 * The key of a cacheable URL: its path and the parameters it reads, sorted, or undefined. A draft
 * preview URL is never one, signed in or not (docs/decisions/020-draft-preview.md).
 */
export function pageKey(url: string): string | undefined {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (!PUBLIC_PAGE.test(path) || path.endsWith(".data")) return undefined;
  if (q === -1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  if (asksForPreview(params)) return undefined;
  const read = READ_PARAMS[path] ?? [];
  for (const name of [...params.keys()]) if (!read.includes(name)) params.delete(name);
  params.sort();
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const MiB = 1024 * 1024;

/** 404s get a sixteenth of the bound, at most 2 MiB: enough for the misses real readers make. */
export const notFoundBudget = (maxBytes: number) => Math.min(Math.floor(maxBytes / 16), 2 * MiB);

/**
 * What a kept page costs the bound: its buffers and headers (CachedPage.bytes) plus its key, a
 * two-byte-per-character string at worst, and the map entry holding it.
 */
export const keepCost = (key: string, page: CachedPage) => page.bytes + 2 * key.length + 100;

/** A response that names a user, asks not to be stored or varies on more than its encoding is not kept. */
function keepable(res: Response): boolean {
  if (res.statusCode !== 200 && res.statusCode !== 404) return false;
  if (res.headersSent || res.hasHeader("set-cookie") || res.hasHeader("content-encoding")) return false;
  if (/private|no-store/i.test(String(res.getHeader("cache-control") ?? ""))) return false;
  const vary = String(res.getHeader("vary") ?? "").toLowerCase();
  return vary === "" || vary === "accept-encoding";
}

export function createHtmlCache({ maxBytes, store }: { maxBytes: number; store: Store }): HtmlCache {
  const pages = new ByteLru<CachedPage>(maxBytes);
  // Unknown slugs and tags are unbounded in number (a crawler, junk links): their answers live
  // apart, so 100,000 distinct misses cannot push a real page out.
  const notFound = new ByteLru<CachedPage>(notFoundBudget(maxBytes));
  const lookup = (key: string) => pages.get(key) ?? notFound.get(key);
  /** Renders under way, so a burst of requests for a page dropped by a write renders it once. */
  const flights = new Map<string, Promise<CachedPage | undefined>>();
  /** Bumped on every drop: a render that started before a write must not be kept after it. */
  let generation = 0;
  let hits = 0;
  let renders = 0;
  const bypassed = new WeakSet<IncomingMessage>();

  store.onChange((kind) => {
    if (kind !== "posts" && kind !== "tags") return;
    generation += 1;
    pages.clear();
    notFound.clear();
    flights.clear();
  });

  const keyOf = (method: string | undefined, url: string, cookie: string | undefined) =>
    maxBytes > 0 && (method === "GET" || method === "HEAD") && sessionCookieOf(cookie) === undefined
      ? pageKey(url)
      : undefined;

  const hit = (page: CachedPage, req: IncomingMessage, res: ServerResponse) => {
    hits += 1;
    sendPage(page, req, res, "HIT");
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (bypassed.has(req)) return next();
    const key = keyOf(req.method, req.originalUrl, req.headers.cookie);
    if (key === undefined) return next();
    const page = lookup(key);
    if (page) return hit(page, req, res);
    if (req.method === "HEAD") return next(); // a HEAD answer has no body to keep
    const flight = flights.get(key);
    if (flight) {
      void flight.then((rendered) => (rendered ? hit(rendered, req, res) : next()));
      return;
    }
    renders += 1;
    const started = generation;
    let settle!: (page: CachedPage | undefined) => void;
    const rendered = new Promise<CachedPage | undefined>((resolve) => (settle = resolve));
    flights.set(key, rendered);
    const finish = (page: CachedPage | undefined) => {
      if (flights.get(key) === rendered) flights.delete(key);
      if (page && generation === started) (page.status === 404 ? notFound : pages).set(key, page, keepCost(key, page));
      settle(page);
    };
    // A client that leaves mid-render ends the render without an end() call.
    res.once("close", () => finish(undefined));
    captureBody(res, (body, send) => {
      if (!keepable(res)) {
        finish(undefined);
        send(body);
        return;
      }
      buildPage(res.statusCode, res.getHeaders(), body).then(
        (page) => {
          finish(page);
          sendPage(page, req, res, "MISS");
        },
        () => {
          // Compressing a buffer fails only without memory: answer the page as rendered, uncached.
          finish(undefined);
          send(body);
        },
      );
    });
    next();
  };

  return {
    serve(req, res) {
      const key = keyOf(req.method, req.url ?? "/", req.headers.cookie);
      const page = key === undefined ? undefined : lookup(key);
      if (page) hit(page, req, res);
      return page !== undefined;
    },
    middleware,
    bypass: (req) => void bypassed.add(req),
    stats: () => ({
      hits,
      renders,
      entries: pages.size,
      bytes: pages.bytes,
      maxBytes,
      notFound: { entries: notFound.size, bytes: notFound.bytes, maxBytes: notFound.maxBytes },
    }),
  };
}

type WriteArgs = [chunk: unknown, encoding?: unknown, callback?: unknown];

/**
 * Holds back everything written to the response until end(), so a streamed page is kept whole or
 * not at all, then hands the body over with `send`, which writes it through the original methods
 * (the compression middleware's, in production).
 */
function captureBody(res: Response, onEnd: (body: Buffer, send: (body: Buffer) => void) => void): void {
  const chunks: Buffer[] = [];
  // Put back on the same object in end() below, so `this` is still res when they run.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { write, end } = res;
  const collect = ([chunk, encoding, callback]: WriteArgs) => {
    if (typeof chunk === "function") return chunk as () => void;
    if (chunk !== undefined && chunk !== null) {
      chunks.push(
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array),
      );
    }
    return (typeof encoding === "function" ? encoding : callback) as (() => void) | undefined;
  };
  res.write = ((...args: WriteArgs) => {
    collect(args)?.();
    return true;
  }) as Response["write"];
  res.end = ((...args: WriteArgs) => {
    const callback = collect(args);
    if (callback) res.once("finish", callback);
    res.write = write;
    res.end = end;
    onEnd(Buffer.concat(chunks), (body) => {
      if (!res.headersSent) res.setHeader("X-Cache", "MISS");
      res.end(body);
    });
    return res;
  }) as Response["end"];
}
