import { POST_MESSAGES, postRulesSchema } from "~/shared/schemas";
import type { RefusedPost } from "~/shared/operations";
import { nestsDeeperThan } from "./content-nesting";

/**
 * Splits posts from outside (a backup, an imported db.json) into those that meet the post rules
 * of src/shared/schemas.ts and those that do not, so one broken post is reported and left out
 * while the rest are stored (docs/decisions/081-restore-runs-the-post-rules.md). The rules are
 * a write's bounds too, nesting included (docs/decisions/156-restores-bounded-as-writes.md):
 * what a restore stores is rendered for every reader, and no write may store what would stall it.
 */
export function sortByPostRules<T extends { id: number }>(posts: readonly T[]): { kept: T[]; refused: RefusedPost[] } {
  const kept: T[] = [];
  const refused: RefusedPost[] = [];
  for (const post of posts) {
    const result = postRulesSchema.safeParse(post);
    if (!result.success) {
      for (const issue of result.error.issues) {
        refused.push({ id: post.id, field: issue.path.map(String).join("."), message: issue.message });
      }
    } else if (nestsDeeperThan(result.data.content)) {
      refused.push({ id: post.id, field: "content", message: POST_MESSAGES.contentNesting });
    } else kept.push(post);
  }
  return { kept, refused };
}

/**
 * The revisions of a backup whose content a write could have saved: a revision is brought back
 * into a post by one click (post-history.ts), so it is bounded as the post is. One past the content
 * limit or the nesting limit is left out and reported under its post's id; the post still restores.
 */
export function sortRevisionsByRules<T extends { id: number; subjectId: number; snapshot: { content: string } }>(
  revisions: readonly T[],
): { kept: T[]; refused: RefusedPost[] } {
  const kept: T[] = [];
  const refused: RefusedPost[] = [];
  for (const revision of revisions) {
    const field = `revisions.${revision.id}.content`;
    const bounded = postRulesSchema.shape.content.safeParse(revision.snapshot.content);
    if (!bounded.success) refused.push({ id: revision.subjectId, field, message: POST_MESSAGES.tooLong });
    else if (nestsDeeperThan(bounded.data))
      refused.push({ id: revision.subjectId, field, message: POST_MESSAGES.contentNesting });
    else kept.push(revision);
  }
  return { kept, refused };
}
