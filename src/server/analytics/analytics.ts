import { HOME_PAGE_PATH } from "~/shared/pages";
import type { IncomingMessage, ServerResponse } from "node:http";
import { clientAddress } from "~/server/http/trust-proxy";
import type { TrustProxyFn } from "~/server/http/security-headers";
import { pageKey } from "~/server/page-cache/html-cache";
import type { PageRules } from "~/server/page-cache/page-rules";
import type { MessageVisit } from "~/server/store/types";
import { daysBefore, dayOf, type AnalyticsReport } from "~/shared/analytics";
import { VISIT_FIELDS } from "~/shared/contact-visit";
import { agentClassifier } from "./agents";
import { buildReport, postSlugOf } from "./analytics-report";
import type { AnalyticsStorage } from "./analytics-storage";
import { pageViewCounter } from "./page-views";
import { Tally, type CountRow } from "./tally";
import { turnBatches } from "./turn-batches";
import { campaignKey, hostName, referrerHost, utmOf, utmOfCampaign } from "./visit";
import type { Store } from "~/server/records/store";

/** How often the counts go to storage: at most this much is lost when the process is killed. */
export const FLUSH_INTERVAL_MS = 10_000;

/** What a contact form's post tells about its visit; `address` is the client's, as the page views read it. */
export type LeadRequest = {
  url: string;
  headers: { get(name: string): string | null };
  form: Record<string, unknown>;
  address?: string;
};

export type Analytics = {
  /**
   * Counts the answer to `req` when it is a page view: at once when it has been answered (a kept
   * page is sent before the page cache returns), otherwise once it finishes (app.ts).
   */
  watch(req: IncomingMessage, res: ServerResponse): void;
  /**
   * The visit a contact form was sent from, to keep with the message: the page, and where the
   * sender's visit of the day began (docs/decisions/190-leads-credited-to-the-visit.md); undefined
   * when it names no page of ours.
   */
  visitOf(request: LeadRequest): MessageVisit | undefined;
  /** Counts a stored contact message as a lead of its visit and of the posts read before it. */
  lead(visit: MessageVisit | undefined, request: LeadRequest): void;
  /**
   * Counts a newsletter subscription for the page its form was on (`page`, a path) and the posts
   * the reader read before, as a lead is (docs/decisions/262-subscriptions-credited-like-leads.md).
   */
  subscription(page: string | undefined, request: LeadRequest): void;
  /** The report of the days `from` to `to`: stored counts and those not flushed yet. */
  report(range: { from: string; to: string }, limit?: number): Promise<AnalyticsReport>;
  /** Views per post slug over the last 30 days (the Posts list). */
  postViews(): Promise<Map<string, number>>;
  /** Stores the counts made since the last flush. */
  flush(): Promise<void>;
  /** Ends the timer and flushes. */
  stop(): Promise<void>;
};

/** Logged when a flush fails; its counts stay in memory for the next. */
export const ANALYTICS_NOT_STORED = "Analytics counts could not be stored; kept for the next try:";

/**
 * Counting on the server (docs/decisions/106-analytics-without-cookies.md): a kept page's answer,
 * sent by the time `watch` runs, is noted at once, a rendered one by a shared "finish" listener;
 * the notes are counted a batch per event-loop turn, off the answers' path
 * (docs/decisions/138-page-views-counted-in-batches.md), and before any report, flush or lead.
 */
export function createAnalytics({
  storage,
  pages,
  trust,
  publicUrl,
  store,
  now = Date.now,
}: {
  storage: AnalyticsStorage;
  /** The rules of the routes that answer HTML pages (page-rules.ts): only their pages count. */
  pages: PageRules;
  trust: TrustProxyFn;
  publicUrl: string;
  store: Store;
  now?: () => number;
}): Analytics {
  const tally = new Tally();
  const agentOf = agentClassifier();
  const publicHost = new URL(publicUrl).hostname;
  const isOurs = (host: string, hostHeader: string | undefined) =>
    host !== "" && (host === publicHost || host === hostName(hostHeader));

  const views = turnBatches(pageViewCounter({ tally, pages, agentOf, isOurs }));

  // The request path only notes the answer; page-views.ts counts it with the turn's others.
  function answered(this: ServerResponse) {
    const status = this.statusCode;
    if (status !== 200 && status !== 304 && status !== 404) return;
    views.add({ at: now(), res: this, address: clientAddress(this.req, trust) });
  }

  /** This process's visit of the day for the sender, after the views answered so far. */
  function daysVisit({ headers, address }: LeadRequest) {
    if (address === undefined) return undefined;
    views.drain();
    return tally.visitOf(now(), address, headers.get("user-agent") ?? "");
  }

  function visitOf(request: LeadRequest): MessageVisit | undefined {
    const { url, headers, form } = request;
    const sent = form[VISIT_FIELDS.page];
    // Without JavaScript the hidden fields stay empty: the post's own path is the page, but not its
    // query, which a kept page's form action may have taken from another reader's visit.
    const target = typeof sent === "string" && sent.startsWith("/") ? sent : new URL(url).pathname;
    const page = pageKey(target, pages);
    if (page === undefined) return undefined;
    const sentReferrer = form[VISIT_FIELDS.referrer];
    const referrer = referrerHost(typeof sentReferrer === "string" ? sentReferrer : "");
    const utm = utmOf(target);
    const visit = daysVisit(request);
    // The day's visit names where the sender came from; without one (another instance's reader,
    // or one from before a restart), the page the form was on does, as before.
    if (visit) {
      const began = utmOfCampaign(visit.campaign);
      return {
        page,
        landingPage: visit.landing,
        ...(visit.referrer && { referrer: visit.referrer }),
        ...(began && { utm: began }),
      };
    }
    return {
      page,
      ...(referrer && !isOurs(referrer, headers.get("host") ?? undefined) && { referrer }),
      ...(utm && { utm }),
    };
  }

  // Flushes and reports take turns, so a report never counts a batch both stored and pending.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    const run = turn.then(task);
    turn = run.catch(() => undefined);
    return run;
  };

  const flush = () =>
    inTurn(async () => {
      views.drain();
      const rows = tally.take();
      // A month at a time, so a failure gives back only the months not stored (analytics-storage.ts).
      const months = new Map<string, CountRow[]>();
      for (const row of rows) {
        const month = months.get(row.day.slice(0, 7)) ?? [];
        month.push(row);
        months.set(row.day.slice(0, 7), month);
      }
      const left = [...months.values()];
      try {
        while (left.length) {
          await storage.add(left[0]!);
          left.shift();
        }
      } catch (error) {
        tally.giveBack(left.flat());
        throw error;
      }
    });

  const timer = setInterval(() => {
    flush().catch((error: unknown) => console.error(ANALYTICS_NOT_STORED, error));
  }, FLUSH_INTERVAL_MS);
  timer.unref();

  async function report(range: { from: string; to: string }, limit?: number) {
    const rows = await inTurn(async () => {
      views.drain();
      const stored = await storage.read(range.from, range.to);
      return [...stored, ...tally.pending().filter((row) => row.day >= range.from && row.day <= range.to)];
    });
    const titles = new Map((await store.listPosts({ publishedOnly: true })).map((post) => [post.slug, post.title]));
    // The home page of blocks stays "/" of the pages' table, as before it was one
    // (docs/decisions/280-the-home-page-is-a-page-of-blocks.md).
    const pageTitles = new Map(
      (await store.listPages()).filter((p) => p.published && p.path !== HOME_PAGE_PATH).map((p) => [p.path, p.title]),
    );
    return buildReport(rows, range, titles, tally.recent(now()), limit, pageTitles);
  }

  return {
    watch(req, res) {
      if (req.method !== "GET") return;
      if (res.writableEnded) answered.call(res);
      else res.on("finish", answered);
    },
    visitOf,
    lead(visit, request) {
      const { headers } = request;
      if (headers.get("sec-gpc") === "1") return;
      views.drain(); // the views before it first, so each count lands on the day it was made
      const device = agentOf(headers.get("user-agent") ?? "");
      tally.lead(now(), {
        page: visit?.page,
        landing: visit && (visit.landingPage ?? visit.page),
        assisted: visit && [...(daysVisit(request)?.posts ?? [])],
        referrer: visit ? (visit.referrer ?? "") : undefined,
        campaign: campaignKey(visit?.utm),
        device: device === "bot" ? "desktop" : device,
      });
    },
    subscription(page, request) {
      if (request.headers.get("sec-gpc") === "1") return;
      views.drain();
      tally.subscription(now(), {
        page: (page && pageKey(page, pages)) ?? "",
        read: [...(daysVisit(request)?.posts ?? [])],
      });
    },
    report,
    async postViews() {
      const today = dayOf(now());
      const { tables } = await report({ from: daysBefore(today, 29), to: today }, Infinity);
      return new Map(tables.posts.map((row) => [postSlugOf(row.key) ?? "", row.views]));
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
