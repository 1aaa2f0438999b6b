import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { headingIdOf, toneOf } from "./block-parts";

type Figures = Extract<Block, { type: "figures" }>;

/** Large figures with their labels, as the home page's facts band; dark unless chosen otherwise. */
export function FiguresBlock({ block }: { block: Figures }) {
  const tone = toneOf(block.variant, "dark");
  const headingId = headingIdOf(block.id);
  const columns = block.items.length >= 4 ? "lg:grid-cols-4" : block.items.length === 3 ? "lg:grid-cols-3" : "";
  return (
    <section
      id={block.anchor || undefined}
      aria-labelledby={block.title ? headingId : undefined}
      className={cn(tone.band, "scroll-mt-4 px-4 py-14")}
    >
      <div className="mx-auto max-w-6xl">
        {block.title && (
          <h2 id={headingId} className={cn("text-center text-sm font-semibold tracking-widest uppercase", tone.muted)}>
            {block.title}
          </h2>
        )}
        <dl className={cn("mt-8 grid grid-cols-2 gap-8 text-center", columns)}>
          {block.items.map((item, i) => (
            <div key={i} className="flex flex-col-reverse justify-end">
              <dt className={cn("mt-2", tone.text)}>{item.label}</dt>
              <dd className={cn("text-4xl font-extrabold tracking-tight sm:text-5xl", tone.heading)}>{item.figure}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
