import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { alt, mediaUrl, optionalText, side } from "./block-fields";
import { BLOCK_LIMITS as L } from "./block-messages";

/**
 * One image of the media library with its alt text and an optional caption. Its size, when the
 * editor knows it from the upload, keeps the page still while the image loads.
 */
export const imageBlockSchema = blockBase.extend({
  type: z.literal("image"),
  src: mediaUrl,
  alt,
  caption: optionalText(L.caption),
  width: side.optional(),
  height: side.optional(),
});
