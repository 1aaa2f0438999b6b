import { Link } from "react-router";
import type { Block } from "~/shared/blocks";
import { IndustryCard, type CardIndustry } from "../industry-card";
import { buttonClasses } from "../ui/button";
import { useBlockData } from "./block-data";
import { toneOf } from "../tones";
import { BlockSection, itemHeading } from "./block-parts";

type IndustryCards = Extract<Block, { type: "industryCards" }>;

/** The chosen industries in the block's order, or every shown one; ids no shown industry has are skipped. */
export function chosenIndustries(block: IndustryCards, shown: readonly CardIndustry[]): CardIndustry[] {
  if (block.industries.length === 0) return [...shown];
  const byId = new Map(shown.map((industry) => [industry.id, industry]));
  return block.industries.flatMap((id) => byId.get(id) ?? []);
}

/** Cards of the site content's industries, as the home page's Industry Use Cases (first features only). */
export function IndustryCardsBlock({ block }: { block: IndustryCards }) {
  const industries = chosenIndustries(block, useBlockData().industries);
  const tone = toneOf(block.variant, "tinted");
  return (
    <BlockSection block={block} fallback="tinted" title={block.title} intro={block.intro}>
      <div className="grid gap-6 md:grid-cols-2">
        {industries.map((industry) => (
          <IndustryCard
            key={industry.id}
            industry={industry}
            featureCount={block.featureCount}
            linkLabel={block.linkLabel}
            headingLevel={itemHeading(block.title)}
          />
        ))}
      </div>
      {block.exploreAllLabel && (
        <div className="mt-10 text-center">
          <Link
            to="/industries"
            className={buttonClasses({ variant: tone.dark ? "secondary" : "outline", size: "lg" })}
          >
            {block.exploreAllLabel}
          </Link>
        </div>
      )}
    </BlockSection>
  );
}
