import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { IconTile } from "../icon";
import type { IconName } from "../icon-names";
import { Card } from "../ui/card";
import { BlockSection, itemHeading } from "./block-parts";

type FeatureGrid = Extract<Block, { type: "featureGrid" }>;

/** Whole class names, so Tailwind finds them in the source. */
const COLUMNS = { 2: "md:grid-cols-2", 3: "md:grid-cols-3", 4: "md:grid-cols-2 lg:grid-cols-4" } as const;

/** Cards of an icon, a title and a text, as the home page's About and Benefits cards. */
export function FeatureGridBlock({ block }: { block: FeatureGrid }) {
  const Heading = itemHeading(block.title);
  return (
    <BlockSection block={block} title={block.title} intro={block.intro}>
      <div className={cn("grid gap-6 text-left", COLUMNS[block.columns])}>
        {block.items.map((item, i) => {
          // A block icon is one of the sprite's: this assignment fails to compile if it were not.
          const icon: IconName = item.icon;
          return (
            <Card key={i}>
              <div className="flex items-center gap-4 md:block">
                <IconTile name={icon} />
                <Heading className="text-lg font-semibold text-slate-900 md:mt-4">{item.title}</Heading>
              </div>
              <p className="mt-2 text-slate-600">{item.text}</p>
            </Card>
          );
        })}
      </div>
    </BlockSection>
  );
}
