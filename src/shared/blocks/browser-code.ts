import type { BlockType } from "./index";

/**
 * The block types whose component does something in the browser (a form that checks and sends
 * without a page load): a public page loads their code, when it shows one, to make them live.
 * Every other type is HTML alone on a page as served; its code loads only when a page of blocks
 * is rendered in the browser, after a link followed inside the site
 * (docs/decisions/281-blocks-load-only-their-own-code.md). No zod here, so any screen may import it.
 */
export const BLOCKS_WITH_BROWSER_CODE: ReadonlySet<BlockType> = new Set<BlockType>(["contactForm", "subscribe"]);
