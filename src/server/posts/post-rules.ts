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
