import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { optionalText, blockText } from "./block-fields";
import { BLOCK_LIMITS as L } from "./block-messages";

/**
 * The newsletter's subscribe form (src/app/components/subscribe-form.tsx, posted to /newsletter
 * and working without JavaScript, docs/decisions/245-newsletter-double-opt-in.md) under the
 * block's own heading and line. The page it stands on is recorded as where the reader came from.
 */
export const subscribeBlockSchema = blockBase.extend({
  type: z.literal("subscribe"),
  title: blockText(L.title),
  intro: optionalText(L.text),
});
