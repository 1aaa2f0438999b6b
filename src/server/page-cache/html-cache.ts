import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import { asksForPreview } from "~/shared/preview";
import { sessionCookieOf } from "~/server/auth/session";
import { buildPage, sendPage, type CachedPage } from "./cached-page";
import { SHOWS_HEADER, SHOWS_UNDECLARED } from "~/shared/page-cache";
import { pagesSavedInPlace, shownOnPages, topicsOf } from "./change-topics";
import { KeptPages, type Kept } from "./kept-pages";
import type { PageRules } from "./page-rules";
import { WriteLog } from "./write-log";
import type { Store } from "~/server/records/store";

/** What a render under way gave: its page, if kept or keepable, and the first write that overtook it. */
type Flown = { page: CachedPage | undefined; overtakenAt?: number };

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
   * the same page under way, or hands the request to `render`, marked so its answer is kept.
   */
  serve(req: IncomingMessage, res: ServerResponse, render: (req: IncomingMessage, res: ServerResponse) => void): void;
  /**
   * Called by whatever answers a request once the answer's status and headers are set on `res`
   * (React Router's adapter, `sendJson`): when `serve` marked the request and the answer may be
   * kept, the function that keeps its whole body and sends it (`X-Cache: MISS`). Otherwise
   * undefined, and the caller sends the body itself. Either way the topics header is removed.
   */
  keeper: (req: IncomingMessage, res: ServerResponse) => ((body: Buffer) => void) | undefined;
  /** Answers JSON from an Express route through `keeper`: kept when it may be, by Express's `res.json` otherwise. */
  sendJson: (req: Request, res: Response, status: number, body: unknown) => void;
  stats(): HtmlCacheStats;
  /**
   * The topics the kept answer for `url` shows, as its route declared them (`undeclared` when it
   * named none), or undefined when no answer for it is kept.
   */
  shows(url: string): readonly string[] | undefined;
  /** Makes this request render whatever the cache holds, and keeps nothing from it (warm-start.ts). */
  bypass(req: IncomingMessage): void;
  /**
   * Tells `listener` the keys (path and query) of the pages each write dropped, before the store's
   * later listeners hear of the write; nothing when a write drops everything. Answers a function
   * that unsubscribes.
   */
  onDrop: (listener: (keys: readonly string[]) => void) => () => void;
  /**
   * Runs `save`, a save of post `id`, and resolves with its result once the post's kept page, if
   * the save left the post in place, has been rendered again and kept; until then readers get the
   * page as it was (docs/decisions/142-a-save-answers-once-its-page-is-rendered.md). Just `save()`
   * until `renderAgainThrough` is called.
   */
  renderAgainBefore: <T>(id: number, save: () => Promise<T>) => Promise<T>;
  /**
   * How `renderAgainBefore` renders a page: a GET of the path through the server (serve.ts), with
   * `renderAgainHeaders`, which make the cache render it though it holds it.
   */
  renderAgainThrough: (get: (path: string) => Promise<void>) => void;
  renderAgainHeaders: Readonly<Record<string, string>>;
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
function keepable(res: ServerResponse): boolean {
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
  /**
   * The pages of posts being saved in place, answered as they were until the save's render of them
   * is kept: only while the save that changed them is not yet answered (`renderAgainBefore`).
   */
  const held = new Map<string, Kept>();
  /** The saves `renderAgainBefore` runs, by post id: the keys of the pages each holds. */
  const saving = new Map<number, Set<Set<string>>>();
  let renderAgain: ((path: string) => Promise<void>) | undefined;
  /** Only this process knows it: a request from outside cannot make the cache render a kept page. */
  const renderAgainHeaders = { "X-Render-Again": randomBytes(16).toString("hex") };
  const lookup = (key: string) => pages.get(key) ?? notFound.get(key) ?? held.get(key)?.page;
  const keep = (key: string, page: CachedPage, topics: readonly string[]) =>
    (page.status === 404 ? notFound : pages).keep(key, page, topics);
  /**
   * Renders under way, so a burst of requests for a page dropped by a write renders it once. Each
   * settles with its page and when a write overtook it (WriteLog's `overtaken`).
   */
  const flights = new Map<string, Promise<Flown>>();
  /** A render that started before a write touching what it shows must not be kept after it. */
  const writes = new WriteLog();
  let hits = 0;
  let renders = 0;
  const bypassed = new WeakSet<IncomingMessage>();

  const dropListeners = new Set<(keys: readonly string[]) => void>();

  // Only the answers showing what a write touched go (docs/decisions/069-pages-say-what-they-show.md).
  store.onChange((kind, content) => {
    if (!shownOnPages(kind)) return;
    const topics = topicsOf(content);
    if (topics?.size === 0) return; // a draft's edit: no public answer shows it
    topics?.add(SHOWS_UNDECLARED); // a public change may be on any page that did not say what it shows
    writes.record(topics);
    // A held page this write touched is as old as the write: dropped, unless held again below.
    for (const [key, { topics: shown }] of held) if (!topics || shown.some((t) => topics.has(t))) held.delete(key);
    if (!topics) {
      pages.clear();
      notFound.clear();
      return;
    }
    const hold = [...pagesSavedInPlace(content)].flatMap(([id, key]) => {
      const kept = saving.has(id) && pages.kept(key);
      return kept ? [{ id, key, kept }] : [];
    });
    notFound.drop(topics);
    const dropped = pages.drop(topics);
    for (const { id, key, kept } of hold) {
      held.set(key, kept);
      for (const keys of saving.get(id)!) keys.add(key);
    }
    for (const listener of dropListeners) listener(dropped);
  });

  async function renderAgainBefore<T>(id: number, save: () => Promise<T>): Promise<T> {
    if (!renderAgain) return save();
    const keys = new Set<string>();
    const saves = saving.get(id) ?? new Set();
    saving.set(id, saves.add(keys));
    try {
      const result = await save();
      await Promise.all([...keys].map((key) => renderAgain!(key)));
      return result;
    } finally {
      // Kept again or not, no page this save changed is answered as it was once it is answered.
      for (const key of keys) held.delete(key);
      saves.delete(keys);
      if (saves.size === 0) saving.delete(id);
    }
  }

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
    const again = req.headers["x-render-again"] === renderAgainHeaders["X-Render-Again"];
    const page = again ? undefined : lookup(key);
    if (page) return hit(page, req, res);
    if (req.method === "HEAD") return render(req, res); // a HEAD answer has no body to keep
    const flight = again ? undefined : flights.get(key);
    if (flight) {
      // Joined now: the render is new enough unless a write touching what it shows landed by now.
      const joined = writes.now;
      void flight.then(({ page, overtakenAt = Infinity }) =>
        page && overtakenAt > joined ? hit(page, req, res) : render(req, res),
      );
      return;
    }
    renders += 1;
    const started = writes.start();
    let settle!: (flown: Flown) => void;
    const rendered = new Promise<Flown>((resolve) => (settle = resolve));
    flights.set(key, rendered);
    let finished = false;
    const finish = (page: CachedPage | undefined, topics: readonly string[] = []) => {
      if (finished) return; // the answer was sent, and its connection closes later
      finished = true;
      marked.delete(req);
      if (flights.get(key) === rendered) flights.delete(key);
      const overtakenAt = page && writes.overtaken(started, topics);
      writes.end(started);
      if (page && overtakenAt === undefined) {
        keep(key, page, topics);
        held.delete(key);
      }
      settle({ page, overtakenAt });
    };
    marked.set(req, finish);
    // A client that leaves mid-render ends the render without an end() call.
    res.once("close", () => finish(undefined));
    render(req, res);
  }

  function keeper(req: IncomingMessage, res: ServerResponse) {
    const named = String(res.getHeader(SHOWS_HEADER) ?? "")
      .split(" ")
      .filter(Boolean);
    const topics = named.length > 0 ? named : [SHOWS_UNDECLARED];
    res.removeHeader(SHOWS_HEADER);
    const finish = marked.get(req);
    if (!finish) return undefined;
    if (!res.headersSent) res.setHeader("X-Cache", "MISS");
    if (!keepable(res)) {
      finish(undefined);
      return undefined;
    }
    return (body: Buffer) => {
      buildPage(res.statusCode, res.getHeaders(), body).then(
        (page) => {
          finish(page, topics);
          sendPage(page, req, res, "MISS", schemeHeaders(req));
        },
        () => {
          // Compressing a buffer fails only without memory: answer the page as rendered, uncached.
          finish(undefined);
          res.end(body);
        },
      );
    };
  }

  function sendJson(req: Request, res: Response, status: number, body: unknown) {
    res.status(status).type("json");
    const keep = keeper(req, res);
    if (keep) keep(Buffer.from(JSON.stringify(body)));
    else res.json(body);
  }

  return {
    onDrop: (listener) => {
      dropListeners.add(listener);
      return () => void dropListeners.delete(listener);
    },
    serve,
    keeper,
    sendJson,
    bypass: (req) => void bypassed.add(req),
    renderAgainBefore,
    renderAgainThrough: (get) => void (renderAgain = get),
    renderAgainHeaders,
    shows: (url) => {
      const key = pageKey(url, rules);
      return key === undefined ? undefined : (pages.kept(key) ?? notFound.kept(key))?.topics;
    },
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
