import type { Block } from "~/shared/blocks";
import { RichTextBlock } from "./rich-text-block";

/** Renders a page's blocks in order, skipping hidden ones: the public page and the editor's preview both use it. */
export function BlockList({ blocks }: { blocks: readonly Block[] }) {
  return <>{blocks.map((block) => (block.hidden ? null : <BlockView key={block.id} block={block} />))}</>;
}

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case "richText":
      return <RichTextBlock block={block} />;
  }
}
