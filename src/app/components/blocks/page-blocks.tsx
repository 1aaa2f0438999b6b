import type { Block } from "~/shared/blocks";
import type { BlockData } from "./block-data";
import { BlockList } from "./block-list";

/**
 * A page's body as visitors see it: its blocks, and the page's title as its one h1
 * (docs/architecture.md section 8) unless its first shown block is a hero, whose headline is the
 * h1. The public page and the block editor's preview both render it.
 */
export function PageBlocks({ title, blocks, data }: { title: string; blocks: readonly Block[]; data?: BlockData }) {
  const ownHeading = blocks.find((block) => !block.hidden)?.type !== "hero";
  return (
    <>
      {ownHeading && <h1 className="sr-only">{title}</h1>}
      <BlockList blocks={blocks} data={data} />
    </>
  );
}
