import { z } from "zod";
import type { Post, PostInput } from "~/server/store/types";
import type { PostSnapshot } from "~/shared/revisions";
import { CLEARED_BY_EMPTY, postSnapshotSchema, SNAPSHOT_BLANKS } from "~/server/collections/posts";

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
