import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { IconTile } from "../icon";
import type { IconName } from "../icon-names";
import { BlockSection, itemHeading } from "./block-parts";

type Steps = Extract<Block, { type: "steps" }>;

/** A numbered path, one row on wide screens, as the home page's How it works. */
export function StepsBlock({ block }: { block: Steps }) {
  const Heading = itemHeading(block.title);
  const wide = block.items.length >= 4 ? "lg:grid-cols-4" : "lg:grid-cols-3";
  return (
    <BlockSection block={block} fallback="tinted" title={block.title} intro={block.intro}>
      <ol className={cn("grid gap-6 sm:grid-cols-2", wide)}>
        {block.items.map((step, i) => {
          const icon: IconName | undefined = step.icon;
          return (
            <li key={i} className="relative rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between">
                {icon ? <IconTile name={icon} /> : <span />}
                <span className="text-4xl font-extrabold text-brand-200" aria-hidden="true">
                  {i + 1}
                </span>
              </div>
              <Heading className="mt-4 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </Heading>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          );
        })}
      </ol>
    </BlockSection>
  );
}
