import { emptyBlock, type Block, type BlockType } from "~/shared/blocks";
import { moveItem } from "../site/site-paths";

/**
 * The outline's changes to a page's blocks, each a new list (the form's state is never changed
 * in place). Kept apart from the components so they read as what they do.
 */

/** An id no block of the page has: the type and a short count, such as `hero-2`. */
export function newBlockId(type: BlockType, blocks: readonly Block[]): string {
  const stem = type.replace(/([A-Z])/g, "-$1").toLowerCase();
  let n = blocks.length + 1;
  while (blocks.some((b) => b.id === `${stem}-${n}`)) n++;
  return `${stem}-${n}`;
}

/** A new block of `type` after `index` (at the end when -1), and where it went. */
export function addBlock(blocks: readonly Block[], type: BlockType, after: number) {
  const block = emptyBlock(type, newBlockId(type, blocks));
  const at = after < 0 ? blocks.length : after + 1;
  return { blocks: [...blocks.slice(0, at), block, ...blocks.slice(at)], block, at };
}

/** A copy of the block right after it, under an id of its own and without its anchor (one section per anchor). */
export function duplicateBlock(blocks: readonly Block[], index: number) {
  const original = blocks[index];
  if (!original) return { blocks: [...blocks], at: index };
  const { anchor: _anchor, ...rest } = structuredClone(original);
  const copy = { ...rest, id: newBlockId(original.type, blocks) } as Block;
  return { blocks: [...blocks.slice(0, index + 1), copy, ...blocks.slice(index + 1)], at: index + 1, block: copy };
}

export const moveBlock = (blocks: readonly Block[], from: number, to: number) => moveItem(blocks, from, to);

/** Hidden blocks stay in the draft but are not on the page (BlockList skips them). */
export function toggleHidden(blocks: readonly Block[], index: number): Block[] {
  return blocks.map((block, i) => {
    if (i !== index) return block;
    if (block.hidden) {
      const { hidden: _hidden, ...shown } = block;
      return shown;
    }
    return { ...block, hidden: true };
  });
}

/** Types a page holds once, which the palette leaves out while the page has one. */
export const ONCE_A_PAGE: readonly BlockType[] = ["hero", "contactForm"];
