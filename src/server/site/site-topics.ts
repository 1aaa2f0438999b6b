import { isDeepStrictEqual } from "node:util";
import { SHOWS_SITE, SHOWS_SITE_HOME, SHOWS_SITE_INDUSTRIES, showsIndustry } from "~/shared/page-cache";
import { shownIndustries, type SiteContent } from "~/shared/site-content";
import type { ShownKind } from "~/server/page-cache/shown-kind";
import { siteOf } from "./site-changes";

/**
 * What every page shows of the site's content: the header's and footer's links and the shown
 * industries' ids, titles and order (the menus, the footer, the contact form's choices, the
 * sitemap). A publish that changes it changes every page.
 */
const chromeOf = (content: SiteContent) => [content.links, shownIndustries(content).map((i) => [i.key, i.id, i.title])];

/** Deep equality regardless of key order: a saved draft's keys come in the schema's order. */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/**
 * The page-cache topics (src/shared/page-cache.ts) a publish touches, or undefined for every page
 * (docs/decisions/113-site-publish-drops-what-changed.md): the home page for its copy, and the
 * home page, /industries and the industry's own page for an industry's texts or pictures.
 */
export function siteTopics(before: SiteContent, after: SiteContent): Set<string> | undefined {
  if (!same(chromeOf(before), chromeOf(after))) return undefined;
  const topics = new Set([SHOWS_SITE]);
  if (!same(before.home, after.home)) topics.add(SHOWS_SITE_HOME);
  const was = new Map(before.industries.map((i) => [i.key, i]));
  for (const industry of shownIndustries(after)) {
    if (same(was.get(industry.key), industry)) continue;
    topics.add(SHOWS_SITE_HOME).add(SHOWS_SITE_INDUSTRIES).add(showsIndustry(industry.id));
  }
  return topics;
}

/**
 * The pages a publish changed, for the cache warmer: /industries, changed industries and the home
 * page when they changed, as its industry cards show them (its copy is a page of blocks now,
 * docs/decisions/280-the-home-page-is-a-page-of-blocks.md).
 */
export function sitePages(before: SiteContent, after: SiteContent): string[] {
  const was = new Map(before.industries.map((i) => [i.key, i]));
  const changed = shownIndustries(after).filter((i) => !same(was.get(i.key), i));
  return [...(changed.length ? ["/"] : []), "/industries", ...changed.map((i) => `/industries/${i.id}`)];
}

/**
 * The site's published content on the public pages: a publish touches what siteTopics says, and
 * the warmer renders the pages sitePages names first. A draft's save changes no page.
 */
export const SITE_SHOWN: ShownKind<"site"> = {
  key: "site",
  kind: "site",
  describe(before, after) {
    if (before.data.site?.published === after.data.site?.published) return undefined;
    return { before: siteOf(before).published, after: siteOf(after).published };
  },
  topics(change, topics) {
    const touched = siteTopics(change.before, change.after);
    if (!touched) return false;
    for (const topic of touched) topics.add(topic);
    return true;
  },
  firstPages(change, pages) {
    for (const page of sitePages(change.before, change.after)) pages.add(page);
  },
};
