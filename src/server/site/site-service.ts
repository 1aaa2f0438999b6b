import type { ActivityLog, Who } from "~/server/activity/activity-log";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { fieldErrors } from "~/shared/field-errors";
import { asksForPreview } from "~/shared/preview";
import {
  canEditSite,
  SITE_CONTENT_MESSAGES,
  siteContentSchema,
  type SiteAdminView,
  type SiteContent,
  type SiteIndustry,
} from "~/shared/site-content";
import type { Sessions } from "~/server/auth/session";
import { NotFoundError, ValidationError } from "~/server/http/errors";
import type { SiteRevision, SiteView } from "~/server/store/types";
import { changedSections } from "./site-changes";
import type { Store } from "~/server/records/store";

/** What an industry's address leads to: its page, a 301 to its new id, or 410 for one taken off the site. */
export type IndustryAnswer = { industry: SiteIndustry } | { movedTo: string } | { gone: true } | undefined;

/** A revision as listed: who, when and what changed, without the content. */
const summaryOf = ({ content: _content, ...summary }: SiteRevision) => summary;

/** Who a site revision names: the editor (a guard has made sure someone is signed in). */
const publisherOf = (who: Who) => who.user ?? "";

/**
 * The site's content for its pages and the Site tab (docs/product.md section 10): the published
 * content for visitors, the draft for a signed-in editor's `?preview`, and the admin's writes.
 */
export function createSiteService(store: Store, sessions: Sessions, activity?: ActivityLog) {
  /**
   * The content a page shows: the draft for an editor's preview, the published content otherwise;
   * `unpublished` when that draft holds changes, so a post's preview says "site draft" only then.
   */
  async function forRequest(
    request: Request,
  ): Promise<{ content: SiteContent; preview: boolean; unpublished: boolean }> {
    const site = await store.getSite();
    const published = { content: site.published, preview: false, unpublished: false };
    if (!asksForPreview(new URL(request.url).searchParams)) return published;
    const user = await sessions.userFromRequest(request);
    if (!canEditSite(user?.role)) return published;
    return { content: site.draft, preview: true, unpublished: changedSections(site.published, site.draft).length > 0 };
  }

  /** An industry's page by the id in its address (docs/decisions/112-industry-addresses-kept.md). */
  function industryAt(id: string, content: SiteContent, formerIds: SiteView["formerIds"]): IndustryAnswer {
    const shown = content.industries.filter((i) => i.shown);
    const here = shown.find((i) => i.id === id);
    if (here) return { industry: here };
    const key = formerIds[id];
    const known = content.industries.some((i) => i.id === id) || key !== undefined;
    const moved = key === undefined ? undefined : shown.find((i) => i.key === key);
    if (moved) return { movedTo: moved.id };
    return known ? { gone: true } : undefined;
  }

  function parse(body: unknown): SiteContent {
    const parsed = siteContentSchema.safeParse(body);
    if (!parsed.success) throw new ValidationError(SITE_CONTENT_MESSAGES.invalid, fieldErrors(parsed.error));
    return parsed.data;
  }

  async function adminView(): Promise<SiteAdminView> {
    const site = await store.getSite();
    return {
      draft: site.draft,
      published: site.published,
      unpublished: changedSections(site.published, site.draft).length > 0,
      publishedAt: site.publishedAt ?? null,
      publishedBy: site.publishedBy ?? null,
    };
  }

  return {
    forRequest,
    industryAt,
    published: async () => (await store.getSite()).published,
    formerIds: async () => (await store.getSite()).formerIds,
    adminView,
    async saveDraft(body: unknown) {
      await store.saveSiteDraft(parse(body));
      return adminView();
    },
    // Publishing the site and putting back an earlier version are in the activity log
    // (docs/decisions/102-activity-log.md), as a post's are.
    async publish(who: Who) {
      const published = await store.publishSite(publisherOf(who));
      await activity?.record("publish", who, ACTIVITY_MESSAGES.sitePublished(published.id));
      return summaryOf(published);
    },
    async restore(id: number, who: Who) {
      const restored = await store.restoreSiteRevision(id, publisherOf(who));
      await activity?.record("restore", who, ACTIVITY_MESSAGES.siteRestored(id, restored.id));
      return summaryOf(restored);
    },
    revisions: async () => (await store.listSiteRevisions()).map(summaryOf),
    /** One revision with its content, for the Site tab's differences. */
    async revision(id: number) {
      const found = (await store.listSiteRevisions()).find((r) => r.id === id);
      if (!found) throw new NotFoundError(SITE_CONTENT_MESSAGES.revisionNotFound);
      return found;
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
