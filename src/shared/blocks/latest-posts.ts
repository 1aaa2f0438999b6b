import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { heading, whole } from "./block-fields";
import { BLOCK_LIMITS as L, BLOCK_MESSAGES as M } from "./block-messages";
import type { Block } from "./index";
import { latestPostsKey } from "./latest-posts-key";

/** The newest published posts' cards, all of them or those with one tag. */
export const latestPostsBlockSchema = blockBase.extend({
  type: z.literal("latestPosts"),
  ...heading,
  count: whole(1, L.latestPosts),
  tag: z
    .string({ error: M.tag })
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, M.tag)
    .optional(),
});

/** What a page's loader fetches for its latest-posts blocks: the newest `count` posts, with the tag if one is given. */
export type LatestPostsQuery = { tag?: string; count: number };

export { latestPostsKey };

/**
 * The post lists a page's shown latest-posts blocks need, one per tag (every post is the tag
 * ""), each as long as the longest block asking for it, in page order. Pure: the page route's
 * loader fetches these and hands them to the blocks through BlockData
 * (src/app/components/blocks/block-data.tsx), keyed by latestPostsKey.
 */
export function latestPostsQueries(blocks: readonly Block[]): LatestPostsQuery[] {
  const byTag = new Map<string, LatestPostsQuery>();
  for (const block of blocks) {
    if (block.type !== "latestPosts" || block.hidden) continue;
    const key = latestPostsKey(block.tag);
    const found = byTag.get(key);
    if (found) found.count = Math.max(found.count, block.count);
    else byTag.set(key, block.tag ? { tag: block.tag, count: block.count } : { count: block.count });
  }
  return [...byTag.values()];
}
