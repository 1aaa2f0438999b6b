import { cn } from "~/app/lib/cn";
import { IconTile } from "./icon";
import type { IconName } from "./icon-names";
import type { Tone } from "./tones";

/** Whole class names, so Tailwind finds them in the source. */
const COLUMNS = { 2: "md:grid-cols-2", 3: "md:grid-cols-3", 4: "md:grid-cols-2 lg:grid-cols-4" } as const;

export type FeatureItem = { icon: IconName; title: string; text: string };

/**
 * Features of an icon, a title and a text, as the feature grid block and the home page show them.
 * `boxed` sets each on a panel of the band's tone; open ones stand on the band with no frame, so
 * a page of them does not read as one bordered card grid after another
 * (docs/decisions/275-block-variants-and-rhythm.md).
 */
export function FeatureItems({
  items,
  tone,
  boxed,
  columns = 3,
  headingLevel: Heading = "h3",
  className,
}: {
  items: readonly FeatureItem[];
  tone: Tone;
  boxed: boolean;
  columns?: keyof typeof COLUMNS;
  headingLevel?: "h2" | "h3" | "h4";
  className?: string;
}) {
  return (
    <div className={cn("grid text-left", boxed ? "gap-6" : "gap-x-10 gap-y-8", COLUMNS[columns], className)}>
      {items.map((item, i) => (
        <div key={i} className={cn(boxed && tone.panel, boxed && "p-6")}>
          <div className="flex items-center gap-4 md:block">
            <IconTile name={item.icon} dark={tone.dark} />
            <Heading className={cn("text-lg font-semibold md:mt-4", tone.heading)}>{item.title}</Heading>
          </div>
          <p className={cn("mt-2", tone.muted)}>{item.text}</p>
        </div>
      ))}
    </div>
  );
}
