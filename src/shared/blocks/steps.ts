import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { heading, list, blockText } from "./block-fields";
import { BLOCK_ICON_NAMES } from "./block-icons";
import { BLOCK_LIMITS as L, BLOCK_MESSAGES as M } from "./block-messages";

/** A numbered path (how it works): each step a title, a text and an optional icon. */
export const stepsBlockSchema = blockBase.extend({
  type: z.literal("steps"),
  ...heading,
  items: list(
    z.object({
      icon: z.enum(BLOCK_ICON_NAMES, { error: M.icon }).optional(),
      title: blockText(L.title),
      text: blockText(L.text),
    }),
    2,
    L.steps,
  ),
});
