import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { mediaUrl, optionalText, blockText } from "./block-fields";
import { BLOCK_LIMITS as L } from "./block-messages";

/** A customer's words and who said them; the photo sits beside the name, so it needs no alt text of its own. */
export const testimonialBlockSchema = blockBase.extend({
  type: z.literal("testimonial"),
  quote: blockText(L.paragraph),
  name: blockText(L.title),
  role: optionalText(L.title),
  photo: mediaUrl.optional(),
});
