import { addRevision, changedFields, revisionsOf, type RevisionEntry } from "~/server/revisions/revision-changes";
import type { DbFile } from "~/server/store/db-schema";
import type { Actor, Post, PostInput, Revision } from "~/server/store/types";
import { POST_REVISION_FIELDS, type PostSnapshot } from "~/shared/revisions";
import { SEO_TEXT_FIELDS } from "~/shared/schemas";

/** Posts' revisions in the generic store (src/server/revisions/) are under this subject. */
export const POST_SUBJECT = "post";

/** How a save came about: who made it, and whether it put back an earlier version. */
export type SaveOrigin = { by?: Actor; origin?: Revision["origin"]; restoredFrom?: number };

/** The fields a revision keeps of a post, tags by name as the post form sends them. */
export function snapshotOf(post: Post): PostSnapshot {
  return {
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    content: post.content,
    coverImage: post.coverImage ?? "",
    tags: post.tags.map((t) => t.name),
    published: post.published,
    ...(post.publishAt && { publishAt: post.publishAt }),
    ...seoSettingsOf(post),
  };
}

type SeoSettings = Partial<Pick<Post, (typeof SEO_TEXT_FIELDS)[number] | "noindex">>;

/** The search and social settings the post has, so that a version without them compares equal to an older revision. */
function seoSettingsOf(post: Post): SeoSettings {
  const settings: SeoSettings = {};
  for (const key of SEO_TEXT_FIELDS) if (post[key]) settings[key] = post[key];
  if (post.noindex) settings.noindex = true;
  return settings;
}

/** A revision's fields as the changes that put them back (an empty cover removes the cover). */
export function inputOf(snapshot: PostSnapshot): Partial<PostInput> {
  const { title, slug, summary, content, coverImage, tags, published } = snapshot;
  // A setting the version did not have is removed ("" and false remove, docs/api.md).
  const settings = Object.fromEntries(SEO_TEXT_FIELDS.map((key) => [key, snapshot[key] ?? ""]));
  return {
    title,
    slug,
    summary,
    content,
    coverImage,
    tags,
    published,
    ...settings,
    noindex: snapshot.noindex ?? false,
  };
}

/**
 * The data with the revision of a post as just saved. A post saved before revisions were kept gets
 * its earlier version first, so the first edit of an old post can still be undone.
 */
export function keepPostRevision(data: DbFile, before: Post | undefined, after: Post, save: SaveOrigin, now: string) {
  const snapshot = snapshotOf(after);
  let next = data;
  const previous = before && snapshotOf(before);
  if (before && revisionsOf(data, POST_SUBJECT, before.id).length === 0) {
    const baseline: RevisionEntry = { subject: POST_SUBJECT, subjectId: before.id, snapshot: previous!, changed: [] };
    next = addRevision(next, baseline, before.updatedAt);
  }
  const entry: RevisionEntry = {
    subject: POST_SUBJECT,
    subjectId: after.id,
    snapshot,
    changed: changedFields(previous, snapshot, POST_REVISION_FIELDS),
    ...save,
  };
  return addRevision(next, entry, now);
}
