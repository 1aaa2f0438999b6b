import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { FigureList } from "../figure-list";
import { toneOf } from "../tones";
import { BlockBand, headingIdOf } from "./block-parts";

type Figures = Extract<Block, { type: "figures" }>;

/** Large figures with their labels, as the home page's facts band; dark unless chosen otherwise. */
export function FiguresBlock({ block }: { block: Figures }) {
  const tone = toneOf(block.variant, "dark");
  const headingId = headingIdOf(block.id);
  return (
    <BlockBand block={block} fallback="dark" labelledBy={block.title ? headingId : undefined} className="py-14">
      <div className="mx-auto max-w-6xl">
        {block.title && (
          <h2 id={headingId} className={cn("text-center text-sm font-semibold tracking-widest uppercase", tone.muted)}>
            {block.title}
          </h2>
        )}
        <FigureList items={block.items} tone={tone} />
      </div>
    </BlockBand>
  );
}
