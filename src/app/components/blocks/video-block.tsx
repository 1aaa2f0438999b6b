import type { Block } from "~/shared/blocks";
import { embedFromUrl, videoTitle } from "~/shared/embeds";
import { cn } from "~/app/lib/cn";
import { toneOf } from "../tones";
import { BlockSection } from "./block-parts";

type Video = Extract<Block, { type: "video" }>;

/**
 * A YouTube or Vimeo player at the address the embed rules make (src/shared/embeds.ts), in a
 * 16:9 frame as wide as the column. A link the rules refuse (the schema already does) shows
 * nothing rather than another site's frame.
 */
export function VideoBlock({ block }: { block: Video }) {
  const embed = embedFromUrl(block.url);
  if (!embed) return null;
  const tone = toneOf(block.variant);
  return (
    <BlockSection block={block} width="max-w-4xl">
      <figure>
        <iframe
          src={embed.src}
          title={block.title || videoTitle(embed.src)}
          width={embed.width}
          height={embed.height}
          loading="lazy"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="aspect-video h-auto w-full rounded-xl bg-slate-900"
        />
        {block.caption && (
          <figcaption className={cn("mt-3 text-center text-sm", tone.muted)}>{block.caption}</figcaption>
        )}
      </figure>
    </BlockSection>
  );
}
