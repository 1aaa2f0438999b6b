import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { heading, list, optionalText, blockText, whole } from "./block-fields";
import { BLOCK_LIMITS as L, BLOCK_MESSAGES as M } from "./block-messages";

/** The most features an industry card lists. */
export const INDUSTRY_CARD_FEATURES = { min: 1, max: 10, default: 3 } as const;

/**
 * Cards of the industries in the site content (the Site tab's collection, not copies of it): the
 * chosen ones in their order, or every shown industry when none is chosen. An id that names no
 * shown industry is skipped, so hiding an industry in the Site tab never breaks a page.
 */
export const industryCardsBlockSchema = blockBase.extend({
  type: z.literal("industryCards"),
  ...heading,
  industries: list(z.string({ error: M.industryId }).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, M.industryId), 0, L.industries),
  featureCount: whole(INDUSTRY_CARD_FEATURES.min, INDUSTRY_CARD_FEATURES.max),
  /** Each card's link to its industry's page ("Learn more"). */
  linkLabel: blockText(L.label),
  /** A button under the cards to /industries, when given. */
  exploreAllLabel: optionalText(L.label),
});
