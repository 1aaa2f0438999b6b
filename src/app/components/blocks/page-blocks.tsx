import type { Block } from "~/shared/blocks";
import type { BlockData } from "./block-data";
import { BlockList } from "./block-list";
import { PageTitle } from "./page-title";

/**
 * A page's body as the block editor's preview shows it: its title rule and its blocks, every
 * block type's code at hand, as the editor needs it. Visitors get PublicBlocks, the same
 * components loaded by the types a page shows.
 */
export function PageBlocks({ title, blocks, data }: { title: string; blocks: readonly Block[]; data?: BlockData }) {
  return (
    <>
      <PageTitle title={title} blocks={blocks} />
      <BlockList blocks={blocks} data={data} />
    </>
  );
}
