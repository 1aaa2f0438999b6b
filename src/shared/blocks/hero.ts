import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { alt, button, list, mediaUrl, optionalText, side, blockText } from "./block-fields";
import { BLOCK_LIMITS as L } from "./block-messages";

/**
 * What a hero shows beside its words: the product mock (src/app/components/hero-illustration.tsx,
 * drawn in HTML, no image request), an image of the media library, or nothing.
 */
export const heroVisualSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("mock") }),
  // Its size, when the editor knows it from the upload, keeps the first screen still while it loads.
  z.object({ kind: z.literal("image"), src: mediaUrl, alt, width: side.optional(), height: side.optional() }),
  z.object({ kind: z.literal("none") }),
]);

/** The page's opening: a badge, the headline (the page's one h1), a lead and up to two buttons. */
export const heroBlockSchema = blockBase.extend({
  type: z.literal("hero"),
  badge: optionalText(L.badge),
  headline: blockText(L.headline),
  lead: optionalText(L.text),
  buttons: list(button, 0, L.heroButtons),
  visual: heroVisualSchema,
});
