import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { list, optionalText, blockText } from "./block-fields";
import { BLOCK_LIMITS as L } from "./block-messages";

/** A band of large figures with their labels ("24/7", "Always open"). */
export const figuresBlockSchema = blockBase.extend({
  type: z.literal("figures"),
  title: optionalText(L.title),
  items: list(z.object({ figure: blockText(L.figure), label: blockText(L.line) }), 1, L.figures),
});
