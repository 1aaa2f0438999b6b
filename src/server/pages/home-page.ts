import type { Store } from "~/server/records/store";
import { blockListSchema, type Block } from "~/shared/blocks";
import { HOME_PAGE_TITLE, homePageBlocks } from "~/shared/home-page";
import { sanitizeBlocks } from "./sanitize-blocks";

/**
 * The upgrade step of the release that made the home a page of blocks, run on every start and
 * doing something only on the first (docs/decisions/280-the-home-page-is-a-page-of-blocks.md):
 * the published site content's home part becomes the published page at /. Made in the store's
 * write, under the lock every instance shares, so two instances starting at once make one page.
 * Copy longer than a block allows is kept as it is: nothing published is cut, and the block
 * editor asks for the shorter words at the next save.
 */
export async function ensureHomePage(store: Store) {
  return store.ensureHomePage((content) => {
    const made = homePageBlocks(content.home);
    const checked = blockListSchema.safeParse(made);
    const blocks: Block[] = checked.success ? checked.data : made;
    return { title: HOME_PAGE_TITLE, blocks: sanitizeBlocks(blocks) };
  });
}
