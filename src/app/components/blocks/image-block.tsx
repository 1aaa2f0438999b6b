import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { toneOf } from "../tones";
import { BlockImage, BlockSection } from "./block-parts";

type ImageBlockData = Extract<Block, { type: "image" }>;

/** One image of the media library, with its caption under it when it has one. */
export function ImageBlock({ block }: { block: ImageBlockData }) {
  const tone = toneOf(block.variant);
  return (
    <BlockSection block={block} width="max-w-4xl">
      <figure>
        <BlockImage
          src={block.src}
          alt={block.alt}
          width={block.width}
          height={block.height}
          className="mx-auto h-auto w-full rounded-xl"
        />
        {block.caption && (
          <figcaption className={cn("mt-3 text-center text-sm", tone.muted)}>{block.caption}</figcaption>
        )}
      </figure>
    </BlockSection>
  );
}
