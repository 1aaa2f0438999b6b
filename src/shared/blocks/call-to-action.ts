import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { button, optionalText, text } from "./block-fields";
import { BLOCK_LIMITS as L } from "./block-messages";

/** A band with one headline, a line of text and one button. */
export const callToActionBlockSchema = blockBase.extend({
  type: z.literal("callToAction"),
  headline: text(L.headline),
  text: optionalText(L.text),
  button,
});
