import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { optionalText, blockText } from "./block-fields";
import { BLOCK_LIMITS as L, BLOCK_MESSAGES as M } from "./block-messages";

/**
 * The site's contact form (src/app/components/contact-form.tsx): the same fields, inbox and
 * analytics as on the home page, under a heading. `industry` preselects the form's industry, as
 * an industry's page does. Its anchor is usually `contact`, which the hero's buttons scroll to.
 */
export const contactFormBlockSchema = blockBase.extend({
  type: z.literal("contactForm"),
  title: blockText(L.title),
  intro: optionalText(L.text),
  industry: z
    .string({ error: M.industryId })
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, M.industryId)
    .optional(),
});
