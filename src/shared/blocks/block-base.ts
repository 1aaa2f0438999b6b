import "../zod-jitless";
import { z } from "zod";
import { BLOCK_LIMITS, BLOCK_MESSAGES } from "./block-messages";

/** The section look a block can take, so a page has rhythm rather than one card grid after another. */
export const BLOCK_VARIANTS = ["plain", "tinted", "dark"] as const;

/**
 * What every block has: a stable id (the editor's key for reordering and the preview's scroll
 * target), an optional anchor (the section's `id`, so `/#contact` keeps working), hidden (kept but
 * not shown) and a variant.
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
    .optional(),
  hidden: z.boolean().optional(),
  variant: z.enum(BLOCK_VARIANTS).optional(),
});
