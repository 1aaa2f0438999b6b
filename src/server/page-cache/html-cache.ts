import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import { asksForPreview } from "~/shared/preview";
import { sessionCookieOf } from "~/server/auth/session";
import { buildPage, sendPage, type CachedPage } from "./cached-page";
import type { Store } from "~/server/store/types";
import { SHOWS_HEADER } from "~/shared/page-cache";
import { topicsOf } from "./change-topics";
import { KeptPages } from "./kept-pages";
import type { PageRules } from "./page-rules";

/**
 * The rendered-page cache (docs/decisions/003-rendered-page-cache.md). Public pages are a pure function of their URL and the
 * content (docs/architecture.md section 6), so a page is rendered once, kept per URL and dropped when
 * a write touches what it shows. Anything that could depend on who asks is left alone: other
 * methods, requests with the session cookie, routes that do not declare their answers cacheable,
 * and answers other than 200 and 404.
 */
export type HtmlCache = {
  /**
   * The one lookup of a request, before Express runs (app.ts): answers a hit, waits for a render of
   * the same page under way, or hands the request to `render`, marked for `capture` when its
   * answer may be kept.
   */
  serve(req: IncomingMessage, res: ServerResponse, render: (req: IncomingMessage, res: ServerResponse) => void): void;
  /** In the Express stack after compression: keeps the answer of a request `serve` marked. */
  capture: RequestHandler;
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
 * The key of a URL whose route declares its answers cacheable (page-rules.ts): its path and the
 * parameters the route reads, sorted; undefined for any other. React Router's `.data` requests
 * (which a signed-in page's loader answers too), a path with a trailing slash (the same page under
 * a second key) and a draft preview URL (docs/decisions/020-draft-preview.md) never have one.
 */
export function pageKey(url: string, rules: PageRules): string | undefined {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (path.endsWith(".data") || (path.length > 1 && path.endsWith("/"))) return undefined;
  const rule = rules(path);
  if (!rule) return undefined;
  if (q === -1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  if (asksForPreview(params)) return undefined;
  const read = rule.reads ?? [];
  for (const name of [...params.keys()]) if (!read.includes(name)) params.delete(name);
  params.sort();
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const MiB = 1024 * 1024;

/** 404s get a sixteenth of the bound, at most 2 MiB: enough for the misses real readers make. */
export const notFoundBudget = (maxBytes: number) => Math.min(Math.floor(maxBytes / 16), 2 * MiB);

/** A response that names a user, asks not to be stored or varies on more than its encoding is not kept. */
function keepable(res: Response): boolean {
  if (res.statusCode !== 200 && res.statusCode !== 404) return false;
  if (res.headersSent || res.hasHeader("set-cookie") || res.hasHeader("content-encoding")) return false;
  if (/private|no-store/i.test(String(res.getHeader("cache-control") ?? ""))) return false;
  const vary = String(res.getHeader("vary") ?? "").toLowerCase();
  return vary === "" || vary === "accept-encoding";
}

export type HtmlCacheOptions = {
  maxBytes: number;
  store: Store;
  /** Which routes' answers may be kept (page-rules.ts). */
  rules: PageRules;
  /** The headers only this request's scheme gets (HSTS over HTTPS), added to a kept page as it is sent. */
  schemeHeaders?: (req: IncomingMessage) => readonly [string, string][];
};

export function createHtmlCache({ maxBytes, store, rules, schemeHeaders = () => [] }: HtmlCacheOptions): HtmlCache {
  const pages = new KeptPages(maxBytes);
  // Unknown slugs and tags are unbounded in number (a crawler, junk links): their answers live
  // apart, so 100,000 distinct misses cannot push a real page out.
  const notFound = new KeptPages(notFoundBudget(maxBytes));
  const lookup = (key: string) => pages.get(key) ?? notFound.get(key);
  const keep = (key: string, page: CachedPage, topics: readonly string[]) =>
    (page.status === 404 ? notFound : pages).keep(key, page, topics);
  /** Renders under way, so a burst of requests for a page dropped by a write renders it once. */
  const flights = new Map<string, Promise<CachedPage | undefined>>();
  /** Bumped on every drop: a render that started before a write must not be kept after it. */
  let generation = 0;
  let hits = 0;
  let renders = 0;
  const bypassed = new WeakSet<IncomingMessage>();

  // Only the answers showing what a write touched go (docs/decisions/069-pages-say-what-they-show.md).
  store.onChange((kind, content) => {
    if (kind !== "posts" && kind !== "tags") return;
    const topics = topicsOf(content);
    if (topics?.size === 0) return; // a draft's edit: no public answer shows it
    generation += 1;
    // A render under way may show the change, and one that joined it would get the old content.
    flights.clear();
    for (const kept of [pages, notFound]) {
      if (topics) kept.drop(topics);
      else kept.clear();
    }
  });

  const keyOf = (method: string | undefined, url: string, cookie: string | undefined) =>
    maxBytes > 0 && (method === "GET" || method === "HEAD") && sessionCookieOf(cookie) === undefined
      ? pageKey(url, rules)
      : undefined;

  const hit = (page: CachedPage, req: IncomingMessage, res: ServerResponse) => {
    hits += 1;
    sendPage(page, req, res, "HIT", schemeHeaders(req));
  };

  /** Requests `serve` handed on to render a page to keep: the key, and what to do with the page. */
  const marked = new WeakMap<IncomingMessage, (page: CachedPage | undefined, topics?: readonly string[]) => void>();

  function serve(
    req: IncomingMessage,
    res: ServerResponse,
    render: (req: IncomingMessage, res: ServerResponse) => void,
  ) {
    const key = bypassed.has(req) ? undefined : keyOf(req.method, req.url ?? "/", req.headers.cookie);
    if (key === undefined) return render(req, res);
    const page = lookup(key);
    if (page) return hit(page, req, res);
    if (req.method === "HEAD") return render(req, res); // a HEAD answer has no body to keep
    const flight = flights.get(key);
    if (flight) {
      void flight.then((rendered) => (rendered ? hit(rendered, req, res) : render(req, res)));
      return;
    }
    renders += 1;
    const started = generation;
    let settle!: (page: CachedPage | undefined) => void;
    const rendered = new Promise<CachedPage | undefined>((resolve) => (settle = resolve));
    flights.set(key, rendered);
    const finish = (page: CachedPage | undefined, topics: readonly string[] = []) => {
      marked.delete(req);
      if (flights.get(key) === rendered) flights.delete(key);
      if (page && generation === started) keep(key, page, topics);
      settle(page);
    };
    marked.set(req, finish);
    // A client that leaves mid-render ends the render without an end() call.
    res.once("close", () => finish(undefined));
    render(req, res);
  }

  const capture: RequestHandler = (req, res, next) => {
    const finish = marked.get(req);
    if (!finish) return next();
    captureBody(res, (body, send) => {
      const topics = String(res.getHeader(SHOWS_HEADER) ?? "")
        .split(" ")
        .filter(Boolean);
      res.removeHeader(SHOWS_HEADER);
      if (!keepable(res)) {
        finish(undefined);
        send(body);
        return;
      }
      buildPage(res.statusCode, res.getHeaders(), body).then(
        (page) => {
          finish(page, topics);
          sendPage(page, req, res, "MISS", schemeHeaders(req));
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
    serve,
    capture,
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
