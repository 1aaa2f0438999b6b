import { postRulesSchema } from "~/shared/schemas";
import type { RefusedPost } from "~/shared/operations";

/**
 * Splits posts from outside (a backup, an imported db.json) into those that meet the post rules
 * of src/shared/schemas.ts and those that do not, so one broken post is reported and left out
 * while the rest are stored (docs/decisions/081-restore-runs-the-post-rules.md).
 */
export function sortByPostRules<T extends { id: number }>(posts: readonly T[]): { kept: T[]; refused: RefusedPost[] } {
  const kept: T[] = [];
  const refused: RefusedPost[] = [];
  for (const post of posts) {
    const result = postRulesSchema.safeParse(post);
    if (result.success) kept.push(post);
    else
      for (const issue of result.error.issues) {
        refused.push({ id: post.id, field: issue.path.map(String).join("."), message: issue.message });
      }
  }
  return { kept, refused };
}
