import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { BLOCK_LIMITS, BLOCK_MESSAGES } from "./block-messages";

/**
 * A page is a list of typed blocks (docs/architecture.md): each block is one zod schema here, shared
 * by the editor's form and every server write, and one React component
 * (src/app/components/blocks/) used by the public page and the editor's preview. The union's tag is
 * `type`; every block carries the fields of `blockBase`.
 */

/** Rich text: the post content's formats, kept as HTML that the server runs through the post sanitizer. */
export const richTextBlockSchema = blockBase.extend({
  type: z.literal("richText"),
  html: z.string().max(BLOCK_LIMITS.html, BLOCK_MESSAGES.tooLong(BLOCK_LIMITS.html)),
});

export const blockSchema = z.discriminatedUnion("type", [richTextBlockSchema]);

export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block["type"];
export const BLOCK_TYPES: readonly BlockType[] = blockSchema.options.map((o) => o.shape.type.value);

export { BLOCK_LIMITS, BLOCK_MESSAGES, blockBase };
