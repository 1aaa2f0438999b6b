import { POST_MESSAGES, postRulesSchema } from "~/shared/schemas";
import type { RefusedPost } from "~/shared/operations";
import { nestsDeeperThan } from "./content-nesting";
import { LONG_CONTENT, nestsDeeperOffThread } from "./sanitize-worker";

/** Whether content nests past the guard's limit: `nestsDeeperThan`, or its verdicts found ahead. */
export type NestingCheck = (html: string) => boolean;

/**
 * Splits posts from outside (a backup, an imported db.json) into those that meet the post rules
 * of src/shared/schemas.ts and those that do not, so one broken post is reported and left out
 * while the rest are stored (docs/decisions/081-restore-runs-the-post-rules.md). The rules are
 * a write's bounds too, nesting included (docs/decisions/156-restores-bounded-as-writes.md):
 * what a restore stores is rendered for every reader, and no write may store what would stall it.
 */
export function sortByPostRules<T extends { id: number }>(
  posts: readonly T[],
  tooDeep: NestingCheck = nestsDeeperThan,
): { kept: T[]; refused: RefusedPost[] } {
  const kept: T[] = [];
  const refused: RefusedPost[] = [];
  for (const post of posts) {
    const result = postRulesSchema.safeParse(post);
    if (!result.success) {
      for (const issue of result.error.issues) {
        refused.push({ id: post.id, field: issue.path.map(String).join("."), message: issue.message });
      }
    } else if (tooDeep(result.data.content)) {
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
  tooDeep: NestingCheck = nestsDeeperThan,
): { kept: T[]; refused: RefusedPost[] } {
  const kept: T[] = [];
  const refused: RefusedPost[] = [];
  for (const revision of revisions) {
    const field = `revisions.${revision.id}.content`;
    const bounded = postRulesSchema.shape.content.safeParse(revision.snapshot.content);
    if (!bounded.success) refused.push({ id: revision.subjectId, field, message: POST_MESSAGES.tooLong });
    else if (tooDeep(bounded.data))
      refused.push({ id: revision.subjectId, field, message: POST_MESSAGES.contentNesting });
    else kept.push(revision);
  }
  return { kept, refused };
}

/**
 * The nesting check for a backup as parsed (`raw`, not yet checked): each long content of its posts
 * and revisions within the content limit is checked ahead in the sanitize worker, whose pass over
 * 475 KB takes 5 to 13 ms of a thread, and the rules then read the verdicts. Anything else is
 * checked on the thread by `nestsDeeperThan` as before.
 */
export async function nestingCheckedAhead(raw: unknown): Promise<NestingCheck> {
  const { posts, revisions } = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const contents = [
    ...(Array.isArray(posts) ? posts.map((post) => (post as { content?: unknown } | null)?.content) : []),
    ...(Array.isArray(revisions)
      ? revisions.map((r) => (r as { snapshot?: { content?: unknown } } | null)?.snapshot?.content)
      : []),
  ];
  const verdicts = new Map<string, boolean>();
  for (const content of contents) {
    if (typeof content !== "string" || content.length < LONG_CONTENT || verdicts.has(content)) continue;
    if (!postRulesSchema.shape.content.safeParse(content).success) continue;
    verdicts.set(content, await nestsDeeperOffThread(content));
  }
  return (html) => verdicts.get(html) ?? nestsDeeperThan(html);
}
