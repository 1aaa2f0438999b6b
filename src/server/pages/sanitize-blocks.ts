import type { Block } from "~/shared/blocks";
import { sanitizeAhead, sanitizeForStore } from "~/server/posts/post-view";

/**
 * What a block's fields are before they are stored, by type, run on every write of a page: a
 * rich-text block's HTML goes through the post content's sanitizer (docs/architecture.md section
 * 5), so a page renders only what a post could. A block type that stores HTML or addresses of its
 * own adds its rule here.
 */
export function sanitizeBlocks(blocks: readonly Block[]): Block[] {
  return blocks.map((block) => (block.type === "richText" ? { ...block, html: sanitizeForStore(block.html) } : block));
}

/** Long HTML sanitized before the store's write starts (in the sanitizer's worker), as a post's content is. */
export async function sanitizeBlocksAhead(blocks: readonly Block[]): Promise<void> {
  const htmls = blocks.flatMap((block) => (block.type === "richText" ? [block.html] : []));
  if (htmls.length) await sanitizeAhead(htmls);
}

/**
 * A stored or restored page's blocks, whatever their type: a rich-text block's HTML through the
 * sanitizer; any other block as it is (its own schema is checked when the page is next saved).
 */
export function sanitizeStoredBlocks<B extends { type: string }>(blocks: readonly B[]): B[] {
  return blocks.map((block) => {
    const html = (block as { html?: unknown }).html;
    return block.type === "richText" && typeof html === "string" ? { ...block, html: sanitizeForStore(html) } : block;
  });
}
