import { z } from "zod";
import { can, type Role } from "./permissions";

/**
 * The cookie-free analytics of docs/decisions/106-analytics-without-cookies.md as the admin sees
 * them: who may, the report of GET /api/admin/analytics, its query and the tab's words.
 */

/** Who sees the Analytics tab and its API: the permission table's rule (src/shared/permissions.ts). */
export const canSeeAnalytics = (role: Role): boolean => can(role, "analytics.see");

/** The days a report may span at most: a year and a month, so "12 months" and a custom range fit. */
export const MAX_REPORT_DAYS = 400;

export const ANALYTICS_MESSAGES = {
  tab: "Analytics",
  heading: "Analytics",
  intro:
    "Page views and visitors counted on the server, without cookies; visitors are counted per day. Leads are contact messages, credited to the page and the visit they came from; subscriptions are newsletter sign-ups, credited the same way.",
  invalidRange: "Please choose a valid date range.",
  badDate: "must be a date written YYYY-MM-DD",
  fromAfterTo: "must not be after the end date",
  tooLong: `must be at most ${MAX_REPORT_DAYS} days before the end date`,
  forbidden: "Only admins and editors can see the analytics.",
  loadFailed: "The analytics could not be loaded.",
  noData: "Nothing counted in these days yet.",
  lastThirtyMinutes: (views: number, visitors: number) =>
    `Last 30 minutes: ${views} page ${views === 1 ? "view" : "views"} by ${visitors} ${visitors === 1 ? "visitor" : "visitors"}`,
  exportCsv: "Export CSV",
  direct: "Direct or unknown",
  chartLabel: (from: string, to: string) => `Visitors and page views per day from ${from} to ${to}`,
  postViews: (views: number) => `${views} ${views === 1 ? "view" : "views"} in 30 days`,
} as const;

/** The periods the tab offers, besides a custom range. */
export const ANALYTICS_PERIODS = [
  { id: "7d", label: "7 days", days: 7 },
  { id: "30d", label: "30 days", days: 30 },
  { id: "12m", label: "12 months", days: 365 },
] as const;

/** The UTM keys a page view and a lead keep (everything else in a query string is dropped). */
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign"] as const;

export const DEVICES = ["phone", "tablet", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

/** One row of a report's table: counts over the range; `conversion` is leads / visitors, null with no visitor. */
export type AnalyticsRow = {
  key: string;
  /** What the tab shows for the key (a post's title, an industry's name, "Direct or unknown"). */
  label: string;
  views: number;
  visitors: number;
  /** Views that began a visit (no referrer, or another site's). */
  entries: number;
  leads: number;
  conversion: number | null;
  /**
   * Newsletter subscriptions credited to the row (docs/decisions/262-subscriptions-credited-like-leads.md):
   * sent from the page's form, or, in "Subscriptions by post read", by readers who read the post first.
   */
  subscriptions: number;
};

export const ANALYTICS_TABLES = [
  { id: "pages", title: "Top pages", key: "Page" },
  { id: "posts", title: "Top posts", key: "Post" },
  // Pages of blocks, with the leads their contact forms sent; conversion is leads per 100 views.
  { id: "sitePages", title: "Pages", key: "Page" },
  // Leads credited to the visit (docs/decisions/190-leads-credited-to-the-visit.md), most leads first.
  { id: "landing", title: "Leads by landing page", key: "Landing page" },
  { id: "assisted", title: "Leads by post read", key: "Post" },
  // Which posts bring newsletter readers (docs/decisions/262-subscriptions-credited-like-leads.md), most first.
  { id: "subscribed", title: "Subscriptions by post read", key: "Post" },
  { id: "entries", title: "Entry pages", key: "Page" },
  { id: "industries", title: "Industries", key: "Industry" },
  { id: "referrers", title: "Referrers", key: "Referrer" },
  { id: "campaigns", title: "Campaigns", key: "Campaign (source / medium / name)" },
  { id: "devices", title: "Devices", key: "Device" },
] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number]["id"];

export type AnalyticsDay = { day: string; views: number; visitors: number; leads: number; subscriptions: number };

export type AnalyticsReport = {
  from: string;
  to: string;
  days: AnalyticsDay[];
  totals: {
    views: number;
    visitors: number;
    leads: number;
    conversion: number | null;
    notFound: number;
    subscriptions: number;
  };
  /** This server's count of the last 30 minutes (each instance counts its own). */
  lastThirtyMinutes: { views: number; visitors: number };
  tables: Record<AnalyticsTable, AnalyticsRow[]>;
};

/** A day as the API writes it, in UTC. */
export const dayOf = (time: Date | number): string => new Date(time).toISOString().slice(0, 10);

/** The day `days` before (negative: after) `day`. */
export function daysBefore(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DAY.test(v) && dayOf(Date.parse(`${v}T00:00:00Z`) || 0) === v;
const day = z.string().refine(isDay, { message: ANALYTICS_MESSAGES.badDate });

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both days included; the last 30 days when left out. */
export const analyticsRangeSchema = z
  .object({ from: day.optional(), to: day.optional() })
  .transform(({ from, to }) => {
    const end = to ?? dayOf(Date.now());
    return { from: from ?? daysBefore(end, 29), to: end };
  })
  .superRefine(({ from, to }, ctx) => {
    if (from > to) ctx.addIssue({ code: "custom", path: ["from"], message: ANALYTICS_MESSAGES.fromAfterTo });
    else if (from < daysBefore(to, MAX_REPORT_DAYS - 1)) {
      ctx.addIssue({ code: "custom", path: ["from"], message: ANALYTICS_MESSAGES.tooLong });
    }
  });

/** Leads per visitor, null when nobody visited. */
export const conversionOf = (leads: number, visitors: number): number | null =>
  visitors > 0 ? leads / visitors : null;

/** "12.5%", or "–" without visitors. */
export const percent = (rate: number | null): string =>
  rate === null ? "–" : `${(Math.round(rate * 1000) / 10).toLocaleString("en-US")}%`;
