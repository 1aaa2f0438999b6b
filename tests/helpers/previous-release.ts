import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import type { SessionRecords } from "~/server/auth/session-cache";
import { DEFAULT_SITE_CONTENT } from "~/shared/site-defaults";
import { headingsOf, titleOf, metaDescriptionOf } from "./html";
import { sealedCookie } from "./sign-in";

/**
 * The data a release wrote, kept in tests/fixtures/previous-release/ (made once by its
 * make-fixture.ts), and what that release answered for it: a later release opens the folder or the
 * database and must answer the same (docs/architecture.md section 7).
 */
export const FIXTURE = {
  folder: path.resolve(import.meta.dirname, "../fixtures/previous-release"),
  publicUrl: "https://queuewise.example",
} as const;
export const FIXTURE_DATA = path.join(FIXTURE.folder, "data");
export const FIXTURE_SQL = path.join(FIXTURE.folder, "pg.sql");

/** Every account's password, so a test can sign in as the release's users did. */
export const PASSWORDS = {
  ada: "ada-admin-password",
  grace: "grace-editor-password",
  katherine: "katherine-writer-password",
  tim: "tim-contributor-password",
  olive: "olive-disabled-password",
} as const;

/** What a page answered: enough to tell it is the same page for the same records. */
export type PageFacts = {
  status: number;
  location?: string;
  title?: string;
  h1?: string[];
  description?: string;
  canonical?: string;
  robots?: string;
  /** For a feed or sitemap, the addresses it lists; for an image, its bytes' SHA-256. */
  links?: string[];
  sha256?: string;
};

export type Answers = {
  /** When the answers were recorded: a test sets its clock there, so nothing has expired since. */
  recordedAt: string;
  /** The id of the admin's session the answers were read with, kept in the fixture's sessions.json. */
  adminSession: string;
  /** The records as the release read them (db.json with its journal replayed). */
  records: Record<string, unknown>;
  /** `GET` path to the JSON body the release answered an admin. */
  api: Record<string, unknown>;
  pages: Record<string, PageFacts>;
};

export function readExpected(): Answers {
  return JSON.parse(fs.readFileSync(path.join(FIXTURE.folder, "expected.json"), "utf8")) as Answers;
}

type Site = { sessionRecords: SessionRecords; sessionSecret: string };
type Handler = Parameters<typeof request>[0];

/**
 * The cookie of the admin session recorded with the answers (`adminSession`), or of a new one: a
 * session made as a sign-in makes it, without the sign-in's own records (last sign-in, activity).
 */
export async function adminCookie(site: Site, userId: number, sessionId?: string): Promise<string> {
  const id =
    sessionId ?? (await site.sessionRecords.create({ userId, ip: "127.0.0.1", userAgent: "previous-release" })).id;
  return sealedCookie(site.sessionSecret, id);
}

/** The JSON each `GET` answers an admin: the body, or the status and body of any answer but 200. */
export async function apiAnswers(
  app: Handler,
  cookie: string,
  urls: readonly string[],
): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const url of urls) {
    const res = await request(app).get(url).set("Cookie", cookie);
    answers[url] = res.status === 200 ? res.body : { status: res.status, body: res.body };
  }
  return answers;
}

/** What each public address answers a visitor (no cookie). */
export async function pageAnswers(app: Handler, urls: readonly string[]): Promise<Record<string, PageFacts>> {
  const pages: Record<string, PageFacts> = {};
  for (const url of urls) {
    const res = await request(app).get(url).buffer(true);
    const facts: PageFacts = { status: res.status };
    if (res.headers.location) facts.location = res.headers.location;
    const type = String(res.headers["content-type"] ?? "");
    if (type.startsWith("image/"))
      facts.sha256 = createHash("sha256")
        .update(res.body as Buffer)
        .digest("hex");
    else if (type.includes("xml")) facts.links = [...res.text.matchAll(/<(?:loc|link)>([^<]*)</g)].map((m) => m[1]!);
    else if (type.includes("html")) {
      const html = res.text;
      Object.assign(facts, {
        title: titleOf(html),
        h1: headingsOf(html, 1),
        description: metaDescriptionOf(html),
        canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
        robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1],
      });
    }
    pages[url] = facts;
  }
  return pages;
}

/**
 * An answer as a comparison sees it. An image's `createdAt` in the media library is its file's
 * modification time, which a copy or a checkout of the fixture changes, so only its presence
 * counts, and the list (newest first) is compared in the order of the names. The analytics'
 * `lastThirtyMinutes` is what the answering instance counted in memory, not a record, and the
 * tables added since are left out.
 */
export function comparable(url: string, body: unknown): unknown {
  if (typeof body !== "object" || body === null) return body;
  if (url.startsWith("/api/admin/analytics?")) {
    // The tables of leads by landing page and by post read came later (docs/decisions/190-leads-credited-to-the-visit.md),
    // and the subscriptions with the newsletter's analytics (262-subscriptions-credited-like-leads.md).
    const {
      lastThirtyMinutes: _memory,
      tables,
      totals,
      days,
      ...stored
    } = body as {
      lastThirtyMinutes?: unknown;
      tables: object;
      totals: object;
      days: object[];
    };
    const {
      landing: _landing,
      assisted: _assisted,
      subscribed: _subscribed,
      ...kept
    } = tables as Record<string, object[]>;
    const noSubscriptions = (counts: object) => {
      const { subscriptions: _subscriptions, ...rest } = counts as { subscriptions?: number };
      return rest;
    };
    const rows = Object.fromEntries(Object.entries(kept).map(([id, list]) => [id, list.map(noSubscriptions)]));
    return { ...stored, totals: noSubscriptions(totals), days: days.map(noSubscriptions), tables: rows };
  }
  if (url !== "/api/cms/media" || !("media" in body)) return body;
  const { media } = body as { media: { name: string }[] };
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return { ...body, media: media.map((image) => ({ ...image, createdAt: "(a time)" })).sort(byName) };
}

/** The answers that carry whole posts, which gained `publishedAt` since the release. */
const POST_ANSWERS = new Set(["/api/cms/posts", "/api/public/blog/posts", "/api/blog/posts"]);

/**
 * What the release answered, with the one field added on purpose since: a post's `publishedAt`
 * (docs/decisions/185-published-means-published.md), which a post of that release reads as its
 * `createdAt` when it is published and as null when it is a draft. Every other byte is the release's.
 */
function withPublishedAt(url: string, body: unknown): unknown {
  if (!POST_ANSWERS.has(url)) return body;
  const dated = (post: { published?: boolean; createdAt: string }) => ({
    ...post,
    publishedAt: post.published === false ? null : post.createdAt,
  });
  if (Array.isArray(body)) return body.map(dated);
  const { posts } = body as { posts: { createdAt: string }[] };
  return { ...(body as object), posts: posts.map(dated) };
}

/**
 * Each record of the release's collections beside the record of `actual` with the same key (`id`,
 * or `from` for old slugs), for a test to check every field of it is still there. A record missing
 * is paired with undefined. Records only `actual` has (one a later release adds on its first
 * start) are left alone: what the release wrote must be found, not only it.
 */
export function pairRecords(
  actual: Record<string, unknown>,
  expected: Record<string, unknown>,
): { label: string; actual: unknown; expected: unknown }[] {
  const keyOf = (record: unknown) => {
    const r = record as { id?: unknown; from?: unknown };
    return r.id ?? r.from;
  };
  return Object.entries(expected).flatMap(([collection, records]) => {
    if (!Array.isArray(records)) return [{ label: collection, actual: actual[collection], expected: records }];
    const found = Array.isArray(actual[collection]) ? (actual[collection] as unknown[]) : [];
    return records.map((record) => ({
      label: `${collection} ${String(keyOf(record))}`,
      actual: found.find((candidate) => keyOf(candidate) === keyOf(record)),
      expected: record,
    }));
  });
}

/**
 * The site's history moves into the revisions on the first start
 * (docs/decisions/205-site-history-in-the-revisions.md): each of the release's site revisions has
 * a new id, and names its old one in `siteRevisionId`. Old id to new.
 */
export async function movedSiteRevisions(store: {
  listRevisions(subject: string, subjectId: number): Promise<readonly { id: number; siteRevisionId?: number }[]>;
}): Promise<Map<number, number>> {
  const revisions = await store.listRevisions("site", 1);
  return new Map(revisions.flatMap((r) => (r.siteRevisionId === undefined ? [] : [[r.siteRevisionId, r.id]])));
}

const SITE_REVISIONS = "/api/admin/site/revisions";
const SITE_REVISION = /^\/api\/admin\/site\/revisions\/(\d+)$/;

/** The address of a site revision the release answered at, as it is now. */
export function movedUrl(url: string, moved: ReadonlyMap<number, number>): string {
  const old = SITE_REVISION.exec(url)?.[1];
  return old === undefined ? url : `${SITE_REVISIONS}/${moved.get(Number(old))}`;
}

/** What the release answered for the site's history, each revision (and the one it restored) by its new id. */
function withSiteHistoryMoved(url: string, body: unknown, moved: ReadonlyMap<number, number>): unknown {
  if (url !== SITE_REVISIONS && !SITE_REVISION.test(url)) return body;
  const renumbered = (r: { id: number; restoredFrom?: number }) => ({
    ...r,
    id: moved.get(r.id),
    ...(r.restoredFrom !== undefined && { restoredFrom: moved.get(r.restoredFrom) }),
  });
  return Array.isArray(body) ? body.map(renumbered) : renumbered(body as { id: number });
}

/** The release's records with the revision counter past the site's moved revisions. */
export function recordsWithSiteHistoryMoved(records: Record<string, unknown>, moved: number): Record<string, unknown> {
  const meta = records.meta as { nextRevisionId: number };
  return { ...records, meta: { ...meta, nextRevisionId: meta.nextRevisionId + moved } };
}

/**
 * What the release answered for the inbox, with the visit each message was sent from, which the
 * inbox shows since (docs/decisions/190-leads-credited-to-the-visit.md): a message of that release
 * began its visit on the page it was sent from.
 */
function withMessageVisits(url: string, body: unknown, records: Record<string, unknown>): unknown {
  if (!url.startsWith("/api/admin/messages")) return body;
  const stored = new Map((records.messages as { id: number; visit?: { page: string } }[]).map((m) => [m.id, m.visit]));
  const { messages, ...rest } = body as { messages: { id: number }[] };
  const visited = messages.map((m) => {
    const visit = stored.get(m.id);
    return visit ? { ...m, visit: { ...visit, landingPage: visit.page } } : m;
  });
  return { ...rest, messages: visited };
}

/** Where the site's answers hold content with links: the draft and the published content, or the answer itself. */
const SITE_CONTENTS: Record<string, readonly string[]> = {
  "/api/admin/site": ["draft", "published"],
  "/api/public/site": [],
};

/**
 * What the release answered for the site content, with the call to action at the end of every
 * post that its links gained since (docs/decisions/190-leads-credited-to-the-visit.md): content
 * saved before it reads the default.
 */
function withPostCallToAction(url: string, body: unknown): unknown {
  const holders = SITE_CONTENTS[url];
  if (!holders) return body;
  const withDefault = (content: { links: object }) => ({
    ...content,
    links: { ...content.links, postCallToAction: DEFAULT_SITE_CONTENT.links.postCallToAction },
  });
  const answer = body as Record<string, { links: object }>;
  if (holders.length === 0) return withDefault(answer as unknown as { links: object });
  return { ...answer, ...Object.fromEntries(holders.map((key) => [key, withDefault(answer[key]!)])) };
}

/**
 * The analytics report as the release answered it, with the Pages table of pages of blocks that it
 * gained since (docs/decisions/255-pages-of-blocks-at-their-own-paths.md): empty, as that release
 * had no pages.
 */
function withPagesTable(url: string, body: unknown): unknown {
  if (!url.startsWith("/api/admin/analytics")) return body;
  const report = body as { tables?: Record<string, unknown> };
  if (!report.tables || "sitePages" in report.tables) return body;
  const { posts, ...rest } = report.tables;
  return { ...report, tables: { posts, sitePages: [], ...rest } };
}

/**
 * What the release answered, with what has changed on purpose since: each post's `publishedAt`,
 * the inbox's visits, the site's moved history and its posts' call to action.
 */
export function asAnsweredNow(
  url: string,
  body: unknown,
  records: Record<string, unknown>,
  moved: ReadonlyMap<number, number>,
): unknown {
  const dated = withMessageVisits(url, withPublishedAt(url, body), records);
  return withPagesTable(url, withPostCallToAction(url, withSiteHistoryMoved(url, dated, moved)));
}
