import { z } from "zod";
import { addRevision, changedFields, revisionsOf, type RevisionEntry } from "~/server/revisions/revision-changes";
import type { DbFile } from "~/server/store/db-schema";
import type { Actor, Post, PostInput, Revision } from "~/server/store/types";
import { POST_REVISION_FIELDS, type PostSnapshot } from "~/shared/revisions";
import { CLEARED_BY_EMPTY, postSnapshotSchema, SNAPSHOT_BLANKS } from "~/server/collections/posts";

/** Posts' revisions in the generic store (src/server/revisions/) are under this subject. */
export const POST_SUBJECT = "post";

/** How a save came about: who made it, and whether it put back an earlier version. */
export type SaveOrigin = { by?: Actor; origin?: Revision["origin"]; restoredFrom?: number };

type SnapshotField = keyof PostSnapshot & keyof Post;
const SNAPSHOT_FIELDS = Object.entries(postSnapshotSchema.shape).map(
  ([field, schema]) => [field as SnapshotField, schema instanceof z.ZodOptional] as const,
);

/**
 * The fields a revision keeps of a post (its declaration's postSnapshotSchema), tags by name as
 * the post form sends them. An optional field the post lacks, or holds empty or false, is left out
 * (or blank, SNAPSHOT_BLANKS), so a version without it compares equal to a revision older than it.
 */
export function snapshotOf(post: Post): PostSnapshot {
  const snapshot: Record<string, unknown> = { ...SNAPSHOT_BLANKS };
  for (const [field, optional] of SNAPSHOT_FIELDS) {
    const value = post[field];
    if (optional ? value : value !== undefined) snapshot[field] = value;
  }
  snapshot.tags = post.tags.map((t) => t.name);
  return snapshot as PostSnapshot;
}

/**
 * A revision's fields as the changes that put them back: a field the version did not have is
 * removed ("" and false remove, docs/api.md); a version from before bylines leaves the authors as
 * they are now, and its schedule is not put back.
 */
export function inputOf(snapshot: PostSnapshot): Partial<PostInput> {
  const { publishAt: _schedule, ...fields } = snapshot;
  const cleared = Object.fromEntries(CLEARED_BY_EMPTY.map((key) => [key, ""]));
  return { ...cleared, noindex: false, ...fields };
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
