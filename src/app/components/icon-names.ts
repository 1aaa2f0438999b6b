import { BLOCK_ICON_NAMES } from "~/shared/blocks/block-icons";

/**
 * The icons the site draws, each a symbol of one sprite file (src/app/assets/icons.svg), made from
 * Lucide's icons (lucide-static, ISC licence) by `npm run icons`. To add one, add its Lucide name
 * here and run that command.
 */
export const ICON_NAMES = [
  // the cards', the steps' and the industries' marks, which a block may show too
  ...BLOCK_ICON_NAMES,
  // small marks
  "rss",
  "arrow-left",
  "arrow-right",
] as const;

export type IconName = (typeof ICON_NAMES)[number];
