import { SHOWS_PAGES, showsPage } from "~/shared/page-cache";
import type { SiteContent } from "~/shared/site-content";
import { EVERYTHING, type ShownKind } from "~/server/page-cache/shown-kind";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { Page, PageMark } from "~/server/store/types";
import { siteOf } from "~/server/site/site-changes";

/** Past this many changed pages a write is "everything" (a restore): as posts' MOST_LISTED. */
const MOST_LISTED = 100;

/** The pages the header, the footer or the contact form's privacy line point at, by id. */
export function linkedPageIds(content: SiteContent): Set<number> {
  const { header, footer, privacyPolicyPage } = content.links;
  const ids = [...header, ...footer.companyLinks].flatMap((link) => (link.page === undefined ? [] : [link.page]));
  return new Set(privacyPolicyPage === undefined ? ids : [...ids, privacyPolicyPage]);
}

const markOf = (page: Page, linked: ReadonlySet<number>): PageMark => ({
  id: page.id,
  path: page.path,
  published: page.published,
  inChrome: linked.has(page.id),
});

/**
 * Pages of blocks on the public pages: a page published on either side of a write drops its own
 * answers (its path on that side) and the sitemap; a draft is on no public page. A page the menus
 * or the privacy line point at is on every page, so when it appears, goes or moves, every page goes.
 */
export const PAGES_SHOWN: ShownKind<"pages"> = {
  key: "pages",
  kind: "pages",
  describe(before, after) {
    const was = before.data.pages ?? [];
    const now = after.data.pages ?? [];
    if (was === now) return undefined;
    const byId = new Map(was.map((p) => [p.id, p]));
    const changed = now.filter((p) => byId.get(p.id) !== p);
    const kept = new Set(now.map((p) => p.id));
    const removed = was.filter((p) => !kept.has(p.id));
    if (changed.length + removed.length > MOST_LISTED) return EVERYTHING;
    const linked = (snap: Snapshot) => linkedPageIds(siteOf(snap).published);
    const [before_, after_] = [linked(before), linked(after)];
    return [
      ...changed.map((page) => {
        const old = byId.get(page.id);
        return { ...(old && { before: markOf(old, before_) }), after: markOf(page, after_) };
      }),
      ...removed.map((page) => ({ before: markOf(page, before_) })),
    ];
  },
  topics(changes, topics) {
    for (const { before, after } of changes) {
      const shown = [before, after].filter((page): page is PageMark => page?.published === true);
      if (shown.length === 0) continue;
      const moved = before?.published !== after?.published || before?.path !== after?.path;
      if (moved && shown.some((page) => page.inChrome)) return false;
      topics.add(SHOWS_PAGES);
      for (const page of shown) topics.add(showsPage(page.path));
    }
    return true;
  },
  firstPages(changes, pages, gone) {
    for (const { before, after } of changes) {
      if (before?.published && (!after?.published || after.path !== before.path)) gone.add(before.path);
      if (after?.published) pages.add(after.path);
    }
  },
};
