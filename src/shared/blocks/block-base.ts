import "../zod-jitless";
import { z } from "zod";
import { mediaUrl } from "./block-fields";
import { BLOCK_LIMITS, BLOCK_MESSAGES } from "./block-messages";

/**
 * The section look a block can take, so a page has rhythm rather than one card grid after another:
 * white, a light tint, the brand's dark, or a media-library picture under a dark overlay
 * (docs/decisions/275-block-variants-and-rhythm.md).
 */
export const BLOCK_VARIANTS = ["plain", "tinted", "dark", "image"] as const;

/**
 * Element ids the site's own parts use on every page (the layout's main, the header's menu, the
 * contact form's fields, the inline stylesheet), which an anchor would clash with; the blocks'
 * own heading ids start with `block-`.
 */
export const RESERVED_ANCHORS = [
  "main",
  "mobile-menu",
  "app-css",
  "contact-name",
  "contact-email",
  "contact-company",
  "contact-industry",
  "contact-message",
  "contact-website",
] as const;

const isReserved = (anchor: string) =>
  (RESERVED_ANCHORS as readonly string[]).includes(anchor) || anchor.startsWith("block-");

/**
 * What every block has: a stable id (the editor's key for reordering and the preview's scroll
 * target), an optional anchor (the section's `id`, so `/#contact` keeps working), hidden (kept but
 * not shown), a variant and, for the image variant, its background picture (decorative: the words
 * on it say what the section says, so it has no alt text; blockListSchema asks for it).
 */
export const blockBase = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, BLOCK_MESSAGES.blockId)
    .max(BLOCK_LIMITS.blockId, BLOCK_MESSAGES.tooLong(BLOCK_LIMITS.blockId)),
  anchor: z
    .string()
    .trim()
    .max(BLOCK_LIMITS.anchor, BLOCK_MESSAGES.tooLong(BLOCK_LIMITS.anchor))
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, BLOCK_MESSAGES.anchor)
    .refine((anchor) => !isReserved(anchor), BLOCK_MESSAGES.reservedAnchor)
    .optional(),
  hidden: z.boolean().optional(),
  variant: z.enum(BLOCK_VARIANTS).optional(),
  background: mediaUrl.optional(),
});
