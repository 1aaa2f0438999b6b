import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { BlockButton, buttonStyles, headingIdOf, toneOf } from "./block-parts";

type CallToAction = Extract<Block, { type: "callToAction" }>;

/** A band with one headline and one button; dark unless the team chooses otherwise. */
export function CallToActionBlock({ block }: { block: CallToAction }) {
  const tone = toneOf(block.variant, "dark");
  const headingId = headingIdOf(block.id);
  return (
    <section
      id={block.anchor || undefined}
      aria-labelledby={headingId}
      className={cn(tone.band, "scroll-mt-4 px-4 py-16 text-center")}
    >
      <h2 id={headingId} className={cn("text-3xl font-bold", tone.heading)}>
        {block.headline}
      </h2>
      {block.text && <p className={cn("mx-auto mt-4 max-w-2xl", tone.text)}>{block.text}</p>}
      <BlockButton href={block.button.href} label={block.button.label} style={buttonStyles(tone)[0]} className="mt-8" />
    </section>
  );
}
