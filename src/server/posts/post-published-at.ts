import type { Post, PostInput } from "~/server/store/types";

/**
 * Dates a save that makes a post public, on a fresh copy of it inside the store's write
 * (docs/decisions/185-published-means-published.md): the first publish, by hand or on schedule,
 * sets `publishedAt` to the publish's own time; unpublishing keeps it, so a republish shows the
 * first date again, unless the writer asks for `publishAsNew`. `createdAt` never moves.
 */
export function applyPublishedAt(post: Post, old: Post | undefined, input: Partial<PostInput>, now: string): Post {
  const goesPublic = post.published && !old?.published;
  if (goesPublic && (post.publishedAt === undefined || input.publishAsNew === true)) post.publishedAt = now;
  return post;
}
