import { SHOWS_POST_LIST, SHOWS_SITE_INDUSTRIES, showsCard, showsTag } from "../page-cache";
import type { Block } from "./index";

/**
 * The page-cache topics (src/shared/page-cache.ts) a page of these blocks shows beyond its own
 * record, so a write drops the page exactly when what it shows changes
 * (docs/decisions/069-pages-say-what-they-show.md): industry cards show the site content's
 * industries (a publish changing one names SHOWS_SITE_INDUSTRIES); latest posts show which posts
 * are published and in which order (SHOWS_POST_LIST, or the tag's topic when the block has one)
 * and the cards of the posts the loader found (`shownPosts`, whose card changes name showsCard).
 * Every other block shows only what the page itself holds; the contact form's industry choices
 * are the site's chrome, whose change drops every page. Hidden blocks show nothing. Sorted, once each.
 */
export function blockCacheTopics(blocks: readonly Block[], shownPosts: readonly { slug: string }[] = []): string[] {
  const topics = new Set<string>();
  for (const block of blocks) {
    if (block.hidden) continue;
    if (block.type === "industryCards") topics.add(SHOWS_SITE_INDUSTRIES);
    if (block.type === "latestPosts") topics.add(block.tag ? showsTag(block.tag) : SHOWS_POST_LIST);
  }
  for (const post of shownPosts) topics.add(showsCard(post.slug));
  return [...topics].sort();
}
