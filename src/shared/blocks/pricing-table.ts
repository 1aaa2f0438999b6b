import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { button, heading, list, optionalText, blockText } from "./block-fields";
import { BLOCK_LIMITS as L, BLOCK_MESSAGES as M } from "./block-messages";

export const pricingPlanSchema = z.object({
  name: blockText(L.title),
  /** As the team writes it: "€49", "Free", "Custom". */
  price: blockText(L.price),
  /** "per month", "per location and year"; empty for a one-off or custom price. */
  period: optionalText(L.label),
  description: optionalText(L.text),
  features: list(blockText(L.line), 0, L.planFeatures),
  button,
  highlighted: z.boolean().optional(),
});

/**
 * Plans side by side, one of them highlighted at most: the second highlighted plan gets the field
 * message, so the editor shows it on the switch that broke the rule.
 */
export const pricingTableBlockSchema = blockBase.extend({
  type: z.literal("pricingTable"),
  ...heading,
  plans: list(pricingPlanSchema, 1, L.plans).superRefine((plans, ctx) => {
    let seen = false;
    plans.forEach((plan, i) => {
      if (!plan.highlighted) return;
      if (seen) ctx.addIssue({ code: "custom", message: M.oneHighlighted, path: [i, "highlighted"] });
      seen = true;
    });
  }),
});
