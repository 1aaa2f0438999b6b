import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { button, heading, list, blockText } from "./block-fields";
import { BLOCK_ICON_NAMES } from "./block-icons";
import { BLOCK_LIMITS as L, BLOCK_MESSAGES as M } from "./block-messages";

export const FEATURE_GRID_COLUMNS = [2, 3, 4] as const;

export const featureItemSchema = z.object({
  icon: z.enum(BLOCK_ICON_NAMES, { error: M.icon }),
  title: blockText(L.title),
  text: blockText(L.text),
});

/** Cards of an icon, a title and a text, two to four a row on wide screens. */
export const featureGridBlockSchema = blockBase.extend({
  type: z.literal("featureGrid"),
  ...heading,
  columns: z.union(
    FEATURE_GRID_COLUMNS.map((n) => z.literal(n)),
    { error: M.columns },
  ),
  items: list(featureItemSchema, 1, L.featureItems),
  /** A button under the features, as the home page's About has to the sister product; none when left out. */
  buttons: list(button, 0, 1).optional(),
});
