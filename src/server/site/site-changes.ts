import { isDeepStrictEqual } from "node:util";
import { ConflictError, NotFoundError } from "~/server/http/errors";
import type { Change } from "~/server/store/change";
import { checkRecord } from "~/server/store/change";
import { siteRevisionSchema, siteSchema } from "~/server/collections/site";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { SiteRevision, SiteState, SiteView } from "~/server/store/types";
import { SITE_CONTENT_MESSAGES, SITE_SECTIONS, type SiteContent, type SiteSection } from "~/shared/site-content";
import { DEFAULT_SITE_CONTENT } from "~/shared/site-defaults";

/**
 * The site content's writes as change functions on a snapshot, for both stores
 * (docs/decisions/111-site-content-in-the-store.md): a draft saved whole, published together as a
 * revision holding the whole content, and any revision published again.
 */
/** Deep equality regardless of key order: a saved draft's keys come in the schema's order. */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/** Content saved before a field existed, with that field's default, so pages and the Site tab show it. */
function completed(content: SiteContent): SiteContent {
  if (content.links.postCallToAction) return content;
  return { ...content, links: { ...content.links, postCallToAction: DEFAULT_SITE_CONTENT.links.postCallToAction } };
}

export function siteOf(snap: Snapshot): SiteView {
  const site = snap.data.site;
  const published = completed(site?.published ?? DEFAULT_SITE_CONTENT);
  return {
    published,
    draft: site?.draft ? completed(site.draft) : published,
    ...(site?.publishedAt !== undefined && { publishedAt: site.publishedAt }),
    ...(site?.publishedBy !== undefined && { publishedBy: site.publishedBy }),
    formerIds: site?.formerIds ?? {},
  };
}

export const siteRevisionsOf = (snap: Snapshot): readonly SiteRevision[] =>
  [...(snap.data.siteRevisions ?? [])].reverse();

/** The sections whose content differs. */
export const changedSections = (before: SiteContent, after: SiteContent): SiteSection[] =>
  SITE_SECTIONS.filter((section) => !same(before[section], after[section]));

export function saveDraft(snap: Snapshot, draft: SiteContent): Change<SiteView> {
  const site = checkRecord<SiteState>(siteSchema, { ...snap.data.site, draft });
  const next = { ...snap.data, site };
  return { next, result: siteOf({ ...snap, data: next }), kinds: ["site"] };
}

/** Publishes `content`: the draft is cleared (it is the published content now), the ids remembered. */
function publishContent(
  snap: Snapshot,
  content: SiteContent,
  by: string,
  now: string,
  restoredFrom?: number,
): Change<SiteRevision> {
  const { published, formerIds } = siteOf(snap);
  content = completed(content);
  const sections = changedSections(published, content);
  if (sections.length === 0 && restoredFrom === undefined)
    throw new ConflictError(SITE_CONTENT_MESSAGES.nothingToPublish);
  const revisions = [...(snap.data.siteRevisions ?? [])];
  // The site as it was built is kept as the first revision, so it too can be brought back.
  if (revisions.length === 0)
    revisions.push({ id: 1, createdAt: now, createdBy: "", sections: [], content: published });
  const revision = checkRecord<SiteRevision>(siteRevisionSchema, {
    id: revisions.at(-1)!.id + 1,
    createdAt: now,
    createdBy: by,
    sections,
    ...(restoredFrom !== undefined && { restoredFrom }),
    content,
  });
  const ids = { ...formerIds };
  for (const industry of [...published.industries, ...content.industries]) ids[industry.id] = industry.key;
  const site = checkRecord<SiteState>(siteSchema, {
    ...snap.data.site,
    draft: undefined,
    published: content,
    publishedAt: now,
    publishedBy: by,
    formerIds: ids,
  });
  delete site.draft;
  return { next: { ...snap.data, site, siteRevisions: [...revisions, revision] }, result: revision, kinds: ["site"] };
}

/** Publishes the draft, or `content` when given (a backup's, checked like a save). */
export const publishSite = (snap: Snapshot, by: string, now: string, content?: SiteContent) =>
  publishContent(snap, content ?? siteOf(snap).draft, by, now);

export function restoreSiteRevision(snap: Snapshot, id: number, by: string, now: string): Change<SiteRevision> {
  const revision = snap.data.siteRevisions?.find((r) => r.id === id);
  if (!revision) throw new NotFoundError(SITE_CONTENT_MESSAGES.revisionNotFound);
  return publishContent(snap, revision.content, by, now, id);
}
