import "../zod-jitless";
import { z } from "zod";
import { embedFromUrl } from "../embeds";
import { blockBase } from "./block-base";
import { optionalText } from "./block-fields";
import { BLOCK_LIMITS as L, BLOCK_MESSAGES as M } from "./block-messages";

/**
 * A YouTube or Vimeo video by its link, under the post editor's embed rules
 * (src/shared/embeds.ts): the block keeps the link, the component shows the player at the embed
 * address those rules make, so no other site's frame can reach a page.
 */
export const videoBlockSchema = blockBase.extend({
  type: z.literal("video"),
  url: z
    .string({ error: M.video })
    .trim()
    .max(L.url, M.tooLong(L.url))
    .refine((v) => embedFromUrl(v) !== undefined, M.video),
  /** The player's accessible name; the provider's "YouTube video player" when empty. */
  title: optionalText(L.title),
  caption: optionalText(L.caption),
});
