import { isDeepStrictEqual } from "node:util";
import { ConflictError, NotFoundError, ValidationError } from "~/server/http/errors";
import type { Change } from "~/server/store/change";
import { checkRecord } from "~/server/store/change";
import { siteSchema, SITE_SUBJECT } from "~/server/collections/site";
import { addRevision, revisionsOf } from "~/server/revisions/revision-changes";
import type { DbFile } from "~/server/store/db-schema";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { Actor, Revision, SiteRevision, SiteState, SiteView } from "~/server/store/types";
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

/** A revision of the site as the Site tab lists it: who published it, and the sections it changed. */
function siteRevisionOf(r: Revision): SiteRevision {
  return {
    id: r.id,
    createdAt: r.createdAt,
    createdBy: r.by?.username ?? r.byName ?? "",
    sections: r.changed as SiteSection[],
    ...(r.restoredFrom !== undefined && { restoredFrom: r.restoredFrom }),
    content: r.snapshot as SiteContent,
  };
}

const siteHistory = (data: DbFile) => revisionsOf(data, SITE_SUBJECT.subject, SITE_SUBJECT.subjectId);

/** Newest first. */
export const siteRevisionsOf = (snap: Snapshot): readonly SiteRevision[] =>
  siteHistory(snap.data).reverse().map(siteRevisionOf);

/** The sections whose content differs. */
export const changedSections = (before: SiteContent, after: SiteContent): SiteSection[] =>
  SITE_SECTIONS.filter((section) => !same(before[section], after[section]));

/**
 * A link to a page, and the privacy policy page, name a page of the site by its id
 * (docs/cms-guide.md "Pages"): one that no page has, or one in the Trash, is refused with a
 * message on its field. Checked in the write, so a page deleted meanwhile is seen.
 */
function assertPagesKnown(snap: Snapshot, draft: SiteContent): void {
  const ids = new Set((snap.data.pages ?? []).map((page) => page.id));
  const errors: Record<string, string[]> = {};
  const check = (id: number | undefined, field: string) => {
    if (id !== undefined && !ids.has(id)) errors[field] = [SITE_CONTENT_MESSAGES.pageMissing];
  };
  draft.links.header.forEach((link, i) => check(link.page, `links.header.${i}.page`));
  draft.links.footer.companyLinks.forEach((link, i) => check(link.page, `links.footer.companyLinks.${i}.page`));
  check(draft.links.privacyPolicyPage, "links.privacyPolicyPage");
  if (Object.keys(errors).length) throw new ValidationError(SITE_CONTENT_MESSAGES.invalid, errors);
}

export function saveDraft(snap: Snapshot, draft: SiteContent): Change<SiteView> {
  assertPagesKnown(snap, draft);
  const site = checkRecord<SiteState>(siteSchema, { ...snap.data.site, draft });
  const next = { ...snap.data, site };
  return { next, result: siteOf({ ...snap, data: next }), kinds: ["site"] };
}

/** Who publishes: a signed-in editor, or a name without an account (a backup's restore). */
export type SitePublisher = Actor | string;

/**
 * Publishes `content`: the draft is cleared (it is the published content now), the ids remembered,
 * and the whole content kept as a revision of the site (src/server/revisions/): every publish is a
 * version of its own, never folded into the one before.
 */
function publishContent(
  snap: Snapshot,
  content: SiteContent,
  by: SitePublisher,
  now: string,
  restoredFrom?: number,
): Change<SiteRevision> {
  const { published, formerIds } = siteOf(snap);
  content = completed(content);
  const sections = changedSections(published, content);
  if (sections.length === 0 && restoredFrom === undefined)
    throw new ConflictError(SITE_CONTENT_MESSAGES.nothingToPublish);
  let data = snap.data;
  // The site as it was built is kept as the first revision, so it too can be brought back.
  if (siteHistory(data).length === 0)
    data = addRevision(data, { ...SITE_SUBJECT, snapshot: published, changed: [], origin: "publish" }, now);
  data = addRevision(
    data,
    {
      ...SITE_SUBJECT,
      snapshot: content,
      changed: sections,
      ...(typeof by === "string" ? { byName: by } : { by }),
      ...(restoredFrom === undefined ? { origin: "publish" } : { origin: "restore", restoredFrom }),
    },
    now,
  );
  const ids = { ...formerIds };
  for (const industry of [...published.industries, ...content.industries]) ids[industry.id] = industry.key;
  const site = checkRecord<SiteState>(siteSchema, {
    ...snap.data.site,
    draft: undefined,
    published: content,
    publishedAt: now,
    publishedBy: typeof by === "string" ? by : by.username,
    formerIds: ids,
  });
  delete site.draft;
  const revision = siteRevisionOf(data.revisions!.at(-1)!);
  return { next: { ...data, site }, result: revision, kinds: ["site"] };
}

/** Publishes the draft, or `content` when given (a backup's, checked like a save). */
export const publishSite = (snap: Snapshot, by: SitePublisher, now: string, content?: SiteContent) =>
  publishContent(snap, content ?? siteOf(snap).draft, by, now);

export function restoreSiteRevision(snap: Snapshot, id: number, by: SitePublisher, now: string): Change<SiteRevision> {
  const revision = siteHistory(snap.data).find((r) => r.id === id);
  if (!revision) throw new NotFoundError(SITE_CONTENT_MESSAGES.revisionNotFound);
  return publishContent(snap, revision.snapshot as SiteContent, by, now, id);
}
