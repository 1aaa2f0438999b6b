import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { toneOf } from "../tones";
import { BlockImage, BlockSection } from "./block-parts";

type Testimonial = Extract<Block, { type: "testimonial" }>;

/** A customer's words in large type, with their name, role and photo under them. */
export function TestimonialBlock({ block }: { block: Testimonial }) {
  const tone = toneOf(block.variant, "tinted");
  return (
    <BlockSection block={block} fallback="tinted" width="max-w-3xl">
      <figure className="text-center">
        <blockquote className={cn("text-2xl font-medium text-balance sm:text-3xl", tone.heading)}>
          <p className="whitespace-pre-line">
            <span aria-hidden="true">“</span>
            {block.quote}
            <span aria-hidden="true">”</span>
          </p>
        </blockquote>
        <figcaption className="mt-8 flex items-center justify-center gap-4">
          {block.photo && (
            <BlockImage
              src={block.photo}
              alt=""
              width={56}
              height={56}
              className="h-14 w-14 rounded-full object-cover"
            />
          )}
          <span className="text-left">
            <span className={cn("block font-semibold", tone.heading)}>{block.name}</span>
            {block.role && <span className={cn("block", tone.muted)}>{block.role}</span>}
          </span>
        </figcaption>
      </figure>
    </BlockSection>
  );
}
