import type { Block } from "~/shared/blocks";
import { cn } from "~/app/lib/cn";
import { CheckList } from "../check-list";
import { BlockButton, BlockSection, itemHeading } from "./block-parts";

type PricingTable = Extract<Block, { type: "pricingTable" }>;

const COLUMNS = ["", "md:grid-cols-2", "md:grid-cols-3", "md:grid-cols-2 lg:grid-cols-4"] as const;

/** Plans side by side; the highlighted one (at most one) has the brand's border and its filled button. */
export function PricingTableBlock({ block }: { block: PricingTable }) {
  const Heading = itemHeading(block.title);
  return (
    // Two plans (or one) in a narrower column, so each card stays a card rather than a banner.
    <BlockSection
      block={block}
      title={block.title}
      intro={block.intro}
      width={block.plans.length <= 2 ? "max-w-4xl" : "max-w-6xl"}
    >
      <ul className={cn("grid items-stretch gap-6 text-left", COLUMNS[block.plans.length - 1])}>
        {block.plans.map((plan, i) => (
          <li
            key={i}
            className={cn(
              "flex flex-col rounded-xl bg-white p-6 shadow-sm",
              plan.highlighted ? "border-2 border-brand-700 shadow-lg" : "border border-slate-200",
            )}
          >
            {plan.highlighted && (
              <p className="mb-3 self-start rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800">
                Most popular
              </p>
            )}
            <Heading className="text-xl font-semibold text-slate-900">{plan.name}</Heading>
            <p className="mt-4 flex items-baseline gap-2">
              <span className="text-4xl font-extrabold tracking-tight text-slate-900">{plan.price}</span>
              {plan.period && <span className="text-slate-600">{plan.period}</span>}
            </p>
            {plan.description && <p className="mt-3 text-slate-600">{plan.description}</p>}
            <CheckList items={plan.features} className="mt-6 flex-1 space-y-2 text-slate-700" itemClassName="gap-2" />
            <BlockButton
              href={plan.button.href}
              label={plan.button.label}
              style={{ variant: plan.highlighted ? "default" : "outline" }}
              className="mt-8 w-full"
            />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
