import {
  ANALYTICS_MESSAGES,
  conversionOf,
  daysBefore,
  type AnalyticsDay,
  type AnalyticsReport,
  type AnalyticsRow,
  type AnalyticsTable,
} from "~/shared/analytics";
import { findIndustry } from "~/shared/industries";
import { UTM_KEYS } from "~/shared/analytics";
import type { CountRow, Dimension } from "./tally";

/** Rows a table of the JSON report lists at most; the CSV export has them all. */
export const REPORT_ROWS = 100;

const BLOG_POST = /^\/blog\/([^/?]+)$/;
const INDUSTRY_PAGE = /^\/industries\/([^/?]+)$/;

/** Every day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = daysBefore(day, -1)) days.push(day);
  return days;
}

type Totals = Omit<AnalyticsRow, "label" | "conversion" | "subscriptions">;

/** The rows of one dimension summed over the days, by key. */
function sumByKey(rows: readonly CountRow[], dimension: Dimension): Map<string, Totals> {
  const sums = new Map<string, Totals>();
  for (const row of rows) {
    if (row.dimension !== dimension) continue;
    let sum = sums.get(row.key);
    if (!sum) sums.set(row.key, (sum = { key: row.key, views: 0, visitors: 0, entries: 0, leads: 0 }));
    sum.views += row.views;
    sum.visitors += row.visitors;
    sum.entries += row.entries;
    sum.leads += row.leads;
  }
  return sums;
}

const withLabel = (sum: Totals, label: string, subscriptions = 0): AnalyticsRow => ({
  ...sum,
  label,
  conversion: conversionOf(sum.leads, sum.visitors),
  subscriptions,
});

const byViews = (a: AnalyticsRow, b: AnalyticsRow) =>
  b.views - a.views || b.leads - a.leads || (a.key < b.key ? -1 : 1);

/** "newsletter / email / spring" from `utm_source=newsletter&utm_medium=email&utm_campaign=spring`. */
export function campaignLabel(key: string): string {
  const params = new URLSearchParams(key);
  return UTM_KEYS.map((name) => params.get(name) ?? "–").join(" / ");
}

function decodedSlug(path: string, pattern: RegExp): string | undefined {
  const slug = pattern.exec(path)?.[1];
  if (slug === undefined) return undefined;
  try {
    return decodeURIComponent(slug);
  } catch {
    return undefined;
  }
}

/** The slug of a post's page key (`/blog/caf%C3%A9` is `café`); undefined for another page. */
export const postSlugOf = (key: string) => decodedSlug(key, BLOG_POST);

/**
 * The report of GET /api/admin/analytics from the stored and unflushed rows of its days. Visitors
 * over several days are the sum of each day's (docs/decisions/106-analytics-without-cookies.md).
 * Posts, industries and pages of blocks are the page rows of their pages; `postTitles` names the
 * posts by slug, `pageTitles` the pages of blocks by path.
 */
export function buildReport(
  rows: readonly CountRow[],
  range: { from: string; to: string },
  postTitles: ReadonlyMap<string, string>,
  lastThirtyMinutes: AnalyticsReport["lastThirtyMinutes"],
  limit = REPORT_ROWS,
  pageTitles: ReadonlyMap<string, string> = new Map(),
): AnalyticsReport {
  const perDay = new Map<string, AnalyticsDay>(
    daysOf(range.from, range.to).map((day) => [day, { day, views: 0, visitors: 0, leads: 0, subscriptions: 0 }]),
  );
  let notFound = 0;
  for (const row of rows) {
    if (row.dimension === "notFound") notFound += row.views;
    const day = perDay.get(row.day);
    // A subscription is one "subscribed" row's count, whatever page it names.
    if (row.dimension === "subscribed" && day) day.subscriptions += row.leads;
    if (row.dimension !== "total" || !day) continue;
    day.views += row.views;
    day.visitors += row.visitors;
    day.leads += row.leads;
  }
  const days = [...perDay.values()];
  const sum = (field: "views" | "visitors" | "leads" | "subscriptions") => days.reduce((n, d) => n + d[field], 0);

  // Subscriptions sent from each page's form, and by readers who read each post first
  // (docs/decisions/262-subscriptions-credited-like-leads.md): kept in the rows' `leads`.
  const subscribedFrom = sumByKey(rows, "subscribed");
  const subscribedAfter = sumByKey(rows, "subscribedAfter");
  const fromPage = (key: string) => subscribedFrom.get(key)?.leads ?? 0;
  const pageRow = (page: Totals, label: string) => withLabel(page, label, fromPage(page.key));

  const pages = [...sumByKey(rows, "page").values()];
  const posts = pages.flatMap((page) => {
    const slug = postSlugOf(page.key);
    const title = slug === undefined ? undefined : postTitles.get(slug);
    return title === undefined ? [] : [pageRow(page, title)];
  });
  const industries = pages.flatMap((page) => {
    const industry = findIndustry(decodedSlug(page.key, INDUSTRY_PAGE) ?? "");
    return industry ? [pageRow(page, industry.title)] : [];
  });
  const labelled = (dimension: Dimension, label: (key: string) => string) =>
    [...sumByKey(rows, dimension).values()].map((s) => withLabel(s, label(s.key)));

  // A page's views and visitors, with the leads credited to it as a visit's landing page or as a
  // post read before sending (docs/decisions/190-leads-credited-to-the-visit.md).
  const pageSums = new Map(pages.map((page) => [page.key, page]));
  const credited = (
    dimension: Dimension,
    label: (key: string) => string | undefined,
    shown: (p: Totals) => boolean,
  ) => {
    const leads = sumByKey(rows, dimension);
    return [...new Set([...pageSums.keys(), ...leads.keys()])].flatMap((key) => {
      const page = pageSums.get(key) ?? { key, views: 0, visitors: 0, entries: 0, leads: 0 };
      const sum = { ...page, leads: leads.get(key)?.leads ?? 0 };
      const name = label(key);
      return name !== undefined && (sum.leads > 0 || shown(sum)) ? [pageRow(sum, name)] : [];
    });
  };
  const byLeads = (a: AnalyticsRow, b: AnalyticsRow) => b.leads - a.leads || byViews(a, b);
  const postTitle = (key: string) => {
    const slug = postSlugOf(key);
    return slug === undefined ? undefined : postTitles.get(slug);
  };
  // Each post with its page's counts and the subscriptions of readers who read it before subscribing.
  const subscribed = [...new Set([...pageSums.keys(), ...subscribedAfter.keys()])].flatMap((key) => {
    const name = postTitle(key);
    const page = pageSums.get(key) ?? { key, views: 0, visitors: 0, entries: 0, leads: 0 };
    const count = subscribedAfter.get(key)?.leads ?? 0;
    return name !== undefined && (count > 0 || page.views > 0) ? [withLabel(page, name, count)] : [];
  });

  const tables: Record<AnalyticsTable, AnalyticsRow[]> = {
    pages: pages.map((page) => pageRow(page, page.key)).sort(byViews),
    posts: posts.sort(byViews),
    // A page's leads are those its own contact form sent (the message's page, the "page" rows);
    // its conversion is leads per view, shown per 100 views.
    sitePages: pages
      .flatMap((page) => {
        const title = pageTitles.get(page.key);
        return title === undefined
          ? []
          : [{ ...pageRow(page, title), conversion: conversionOf(page.leads, page.views) }];
      })
      .sort(byViews),
    entries: pages
      .filter((page) => page.entries > 0)
      .map((page) => pageRow(page, page.key))
      .sort((a, b) => b.entries - a.entries || byViews(a, b)),
    industries: industries.sort(byViews),
    referrers: labelled("referrer", (key) => key || ANALYTICS_MESSAGES.direct).sort(byViews),
    campaigns: labelled("campaign", campaignLabel).sort(byViews),
    devices: labelled("device", (key) => key).sort(byViews),
    landing: credited(
      "landing",
      (key) => key,
      (page) => page.entries > 0,
    ).sort((a, b) => b.leads - a.leads || b.entries - a.entries || byViews(a, b)),
    assisted: credited("assisted", postTitle, (post) => post.views > 0).sort(byLeads),
    subscribed: subscribed.sort((a, b) => b.subscriptions - a.subscriptions || byViews(a, b)),
  };
  for (const name of Object.keys(tables) as AnalyticsTable[]) tables[name] = tables[name].slice(0, limit);

  const visitors = sum("visitors");
  return {
    ...range,
    days,
    totals: {
      views: sum("views"),
      visitors,
      leads: sum("leads"),
      conversion: conversionOf(sum("leads"), visitors),
      notFound,
      subscriptions: sum("subscriptions"),
    },
    lastThirtyMinutes,
    tables,
  };
}
