import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { toneOf } from "../tones";
import { BlockBand, BlockButton, buttonStyles, headingIdOf } from "./block-parts";

type CallToAction = Extract<Block, { type: "callToAction" }>;

/** A band with one headline and one button; dark unless the team chooses otherwise. */
export function CallToActionBlock({ block }: { block: CallToAction }) {
  const tone = toneOf(block.variant, "dark");
  const headingId = headingIdOf(block.id);
  return (
    <BlockBand block={block} fallback="dark" labelledBy={headingId} className="py-16 text-center sm:py-20">
      <h2 id={headingId} className={cn("mx-auto max-w-3xl text-3xl font-bold text-balance sm:text-4xl", tone.heading)}>
        {block.headline}
      </h2>
      {block.text && <p className={cn("mx-auto mt-4 max-w-2xl text-lg", tone.text)}>{block.text}</p>}
      <BlockButton href={block.button.href} label={block.button.label} style={buttonStyles(tone)[0]} className="mt-8" />
    </BlockBand>
  );
}
