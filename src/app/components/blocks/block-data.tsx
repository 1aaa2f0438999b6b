import { createContext, useContext, type ReactNode } from "react";
import type { PostListItem } from "~/shared/blog";
import type { CardIndustry } from "~/app/components/industry-card";

/**
 * What blocks show that the page does not hold: the page route's loader fills it (the editor's
 * preview too) and BlockList hands it to the blocks. Blocks read it; they never fetch.
 */
export type BlockData = {
  /**
   * The site content's shown industries in their order, as cards show them: the industry cards
   * pick from them, and the contact form offers them as its industry choices.
   */
  industries: readonly CardIndustry[];
  /**
   * The newest published posts for each of latestPostsQueries(blocks) (src/shared/blocks/latest-posts.ts),
   * keyed by latestPostsKey(tag), newest first, at least as many as the longest block asks for.
   */
  posts: Readonly<Record<string, readonly PostListItem[]>>;
};

export const EMPTY_BLOCK_DATA: BlockData = { industries: [], posts: {} };

const BlockDataContext = createContext<BlockData>(EMPTY_BLOCK_DATA);

export function BlockDataProvider({ data, children }: { data: BlockData; children: ReactNode }) {
  return <BlockDataContext value={data}>{children}</BlockDataContext>;
}

export const useBlockData = () => useContext(BlockDataContext);
