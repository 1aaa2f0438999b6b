import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { alt, href, list, mediaUrl, optionalText } from "./block-fields";
import { BLOCK_LIMITS as L } from "./block-messages";

/** Customers' or partners' logos from the media library; each names its company as alt text. */
export const logoStripBlockSchema = blockBase.extend({
  type: z.literal("logoStrip"),
  title: optionalText(L.title),
  logos: list(z.object({ src: mediaUrl, alt, href: href.optional() }), 1, L.logos),
});
