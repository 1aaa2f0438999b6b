import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { BLOCK_LIMITS as L, BLOCK_MESSAGES as M } from "./block-messages";

/** Rich text: the post content's formats, kept as HTML that the server runs through the post sanitizer. */
export const richTextBlockSchema = blockBase.extend({
  type: z.literal("richText"),
  html: z.string().max(L.html, M.tooLong(L.html)),
});
