import "../zod-jitless";
import { z } from "zod";
import { blockBase, BLOCK_VARIANTS, RESERVED_ANCHORS } from "./block-base";
import { BLOCK_LIMITS, BLOCK_MESSAGES } from "./block-messages";
import { callToActionBlockSchema } from "./call-to-action";
import { contactFormBlockSchema } from "./contact-form";
import { faqBlockSchema } from "./faq";
import { featureGridBlockSchema } from "./feature-grid";
import { figuresBlockSchema } from "./figures";
import { heroBlockSchema } from "./hero";
import { imageBlockSchema } from "./image";
import { industryCardsBlockSchema } from "./industry-cards";
import { latestPostsBlockSchema } from "./latest-posts";
import { logoStripBlockSchema } from "./logo-strip";
import { pricingTableBlockSchema } from "./pricing-table";
import { richTextBlockSchema } from "./rich-text";
import { stepsBlockSchema } from "./steps";
import { subscribeBlockSchema } from "./subscribe";
import { testimonialBlockSchema } from "./testimonial";
import { videoBlockSchema } from "./video";

/**
 * A page is a list of typed blocks (docs/architecture.md, "Blocks"): each block is one zod schema
 * in its own file here, shared by the editor's form and every server write, and one React
 * component (src/app/components/blocks/) used by the public page and the editor's preview. The
 * union's tag is `type`; every block carries the fields of `blockBase`. The palette's order is
 * the union's.
 */
export const blockSchema = z.discriminatedUnion(
  "type",
  [
    heroBlockSchema,
    richTextBlockSchema,
    featureGridBlockSchema,
    stepsBlockSchema,
    callToActionBlockSchema,
    faqBlockSchema,
    testimonialBlockSchema,
    logoStripBlockSchema,
    figuresBlockSchema,
    imageBlockSchema,
    videoBlockSchema,
    industryCardsBlockSchema,
    latestPostsBlockSchema,
    contactFormBlockSchema,
    subscribeBlockSchema,
    pricingTableBlockSchema,
  ],
  { error: BLOCK_MESSAGES.unknownType },
);

export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block["type"];
export type BlockVariant = (typeof BLOCK_VARIANTS)[number];
export const BLOCK_TYPES: readonly BlockType[] = blockSchema.options.map((o) => o.shape.type.value);

/**
 * A page's blocks: each valid on its own, and together addressable. Block ids and anchors are
 * unique on the page (an anchor is an element id, and `/#contact` must find one section), the
 * contact form appears once (its fields have fixed ids) and so does the hero (its headline is the
 * page's one h1, docs/architecture.md section 8). Each clash is reported on the later block. A
 * block in the image variant names its background picture.
 */
export const blockListSchema = z
  .array(blockSchema)
  .max(BLOCK_LIMITS.blocks, BLOCK_MESSAGES.tooMany(BLOCK_LIMITS.blocks))
  .superRefine((blocks, ctx) => {
    const ids = new Set<string>();
    const anchors = new Set<string>();
    let contactForms = 0;
    let heroes = 0;
    blocks.forEach((block, i) => {
      if (ids.has(block.id))
        ctx.addIssue({ code: "custom", message: BLOCK_MESSAGES.duplicateBlockId, path: [i, "id"] });
      ids.add(block.id);
      if (block.anchor) {
        if (anchors.has(block.anchor))
          ctx.addIssue({ code: "custom", message: BLOCK_MESSAGES.duplicateAnchor, path: [i, "anchor"] });
        anchors.add(block.anchor);
      }
      if (block.type === "contactForm" && ++contactForms > 1)
        ctx.addIssue({ code: "custom", message: BLOCK_MESSAGES.oneContactForm, path: [i, "type"] });
      if (block.type === "hero" && ++heroes > 1)
        ctx.addIssue({ code: "custom", message: BLOCK_MESSAGES.oneHero, path: [i, "type"] });
      if (block.variant === "image" && !block.background)
        ctx.addIssue({ code: "custom", message: BLOCK_MESSAGES.backgroundRequired, path: [i, "background"] });
    });
  });

export { blockCacheTopics } from "./block-cache-topics";
export { emptyBlock } from "./empty-block";
export { faqJsonLd } from "./faq";
export { latestPostsQueries, latestPostsKey, type LatestPostsQuery } from "./latest-posts";
export { BLOCK_LIMITS, BLOCK_MESSAGES, BLOCK_VARIANTS, RESERVED_ANCHORS, blockBase };
