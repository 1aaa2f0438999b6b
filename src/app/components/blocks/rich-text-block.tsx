import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { toneOf } from "../tones";
import { BlockSection } from "./block-parts";

type RichText = Extract<Block, { type: "richText" }>;

/**
 * HTML the server already ran through the post sanitizer when the page was saved, in the post
 * content's styles; on the dark band it sits on a light sheet, as those styles are dark on light.
 */
export function RichTextBlock({ block }: { block: RichText }) {
  const tone = toneOf(block.variant);
  return (
    <BlockSection block={block} width="max-w-3xl">
      <div
        className={cn("post-content", tone.dark && "rounded-xl bg-white p-6 sm:p-10")}
        dangerouslySetInnerHTML={{ __html: block.html }}
      />
    </BlockSection>
  );
}
