import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { button, optionalText, blockText } from "./block-fields";
import { BLOCK_LIMITS as L } from "./block-messages";

/** A band with one headline, a line of text and one button. */
export const callToActionBlockSchema = blockBase.extend({
  type: z.literal("callToAction"),
  headline: blockText(L.headline),
  text: optionalText(L.text),
  button,
});
