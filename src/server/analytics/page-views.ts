import type { IncomingMessage, ServerResponse } from "node:http";
import { sessionCookieOf } from "~/server/auth/session";
import { pageKey } from "~/server/page-cache/html-cache";
import type { PageRules } from "~/server/page-cache/page-rules";
import type { Agent } from "./agents";
import type { Tally, View } from "./tally";
import { campaignKey, referrerHost, utmOf } from "./visit";

/**
 * An answer as the request path leaves it for the analytics: when it was sent, the response (its
 * status, and its request's URL and headers) and the client's address, read at once because a
 * closed socket no longer tells it. Everything else is read when its batch is counted.
 */
export type Answer = { at: number; res: ServerResponse; address: string };

/** A request the browser made to fetch ahead of a click (Sec-Purpose, or Chrome's older Purpose header). */
const PREFETCH = "prefetch";
const MINUTE = 60_000;
/** URLs whose page and campaign are remembered before the memory is cleared: junk URLs cannot grow it. */
const REMEMBERED = 2_000;

type Target = { page: string; campaign: string };

/** A counted view and the answers since that were the same view in the same minute. */
type Run = {
  answer: Answer;
  minute: number;
  url: string;
  userAgent: string;
  referer: string | undefined;
  host: string | undefined;
  view: View;
  times: number;
};

/**
 * Counts a batch of answers in the order they were sent (docs/decisions/138-page-views-counted-in-batches.md).
 * Answers that repeat the view before them (the same client, user agent, URL, referrer and
 * minute) are counted with it in one call, which skips the classifying, parsing and hashing
 * they would each repeat; the tallies are those of counting them one at a time.
 */
export function pageViewCounter({
  tally,
  pages,
  agentOf,
  isOurs,
}: {
  tally: Tally;
  pages: PageRules;
  agentOf: (userAgent: string) => Agent;
  /** Whether a referrer host is this site's own (a move within the site, not an entry). */
  isOurs: (host: string, hostHeader: string | undefined) => boolean;
}): (batch: readonly Answer[]) => void {
  const count = (run: Run) =>
    tally.view(run.answer.at, run.answer.res.req.socket, run.answer.address, run.userAgent, run.view, run.times);
  // A URL's page key and UTM values take a parse of its query each: each URL's are remembered.
  const known = new Map<string, Target | null>();
  const targetOf = (url: string): Target | undefined => {
    let target = known.get(url);
    if (target === undefined) {
      const page = pageKey(url, pages);
      target = page === undefined ? null : { page, campaign: campaignKey(utmOf(url)) };
      if (known.size >= REMEMBERED) known.clear();
      known.set(url, target);
    }
    return target ?? undefined;
  };

  return (batch) => {
    let run: Run | undefined;
    for (const answer of batch) {
      const status = answer.res.statusCode;
      const req = answer.res.req as IncomingMessage & { originalUrl?: string };
      const headers = req.headers;
      if (headers["sec-purpose"] !== undefined || headers.purpose === PREFETCH || headers["sec-gpc"] === "1") continue;
      if (headers.cookie !== undefined && sessionCookieOf(headers.cookie) !== undefined) continue;
      const userAgent = headers["user-agent"] ?? "";
      const url = req.originalUrl ?? req.url ?? "/";
      const minute = Math.floor(answer.at / MINUTE);
      if (
        run !== undefined &&
        status !== 404 &&
        run.minute === minute &&
        run.url === url &&
        run.userAgent === userAgent &&
        run.answer.address === answer.address &&
        run.referer === headers.referer &&
        run.host === headers.host
      ) {
        run.times += 1;
        continue;
      }
      const device = agentOf(userAgent);
      if (device === "bot") continue;
      if (status === 404) {
        if (!String(answer.res.getHeader("content-type")).startsWith("text/html")) continue;
        // The run before goes first, so each count lands on the day it was answered.
        if (run) count(run);
        run = undefined;
        tally.notFound(answer.at);
        continue;
      }
      const shown = pageUrl(url, headers.referer);
      const target = shown === undefined ? undefined : targetOf(shown);
      if (target === undefined) continue;
      if (run) count(run);
      const referrer = referrerHost(headers.referer);
      const view: View = {
        page: target.page,
        referrer: isOurs(referrer, headers.host) ? undefined : referrer,
        campaign: target.campaign,
        device,
      };
      // Written out rather than spread: spreading here cost more than the rest of counting a view.
      run = { answer, minute, url, userAgent, referer: headers.referer, host: headers.host, view, times: 1 };
    }
    if (run) count(run);
  };
}

/**
 * The page a request shows: its URL, or for React Router's data request of a page the browser
 * moves to (`/blog.data`, `/_root.data` for `/`) that page's URL. A data request for the page
 * the browser already shows (a revalidation after the contact form's post) is no new view.
 */
function pageUrl(url: string, referer: string | undefined): string | undefined {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.endsWith(".data")) return url;
  const page = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
  const shown = referer === undefined ? undefined : /^[a-z]+:\/\/[^/]*(\/[^?#]*)/i.exec(referer)?.[1];
  if (shown === page) return undefined;
  return q === -1 ? page : page + url.slice(q);
}
