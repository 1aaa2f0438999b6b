import type { Block } from "~/shared/blocks";
import { FeatureItems } from "../feature-items";
import { toneOf } from "../tones";
import { BlockButton, BlockSection, itemHeading } from "./block-parts";

type FeatureGrid = Extract<Block, { type: "featureGrid" }>;

/**
 * Features of an icon, a title and a text, as the home page's About and Benefits: open on a
 * plain band, on panels on the others.
 */
export function FeatureGridBlock({ block }: { block: FeatureGrid }) {
  const tone = toneOf(block.variant);
  return (
    <BlockSection block={block} title={block.title} intro={block.intro}>
      <FeatureItems
        // A block icon is one of the sprite's: FeatureItem's type fails to compile if it were not.
        items={block.items}
        tone={tone}
        boxed={(block.variant ?? "plain") !== "plain"}
        columns={block.columns}
        headingLevel={itemHeading(block.title)}
      />
      {block.buttons?.map((button, i) => (
        <div key={i} className="mt-10 text-center">
          <BlockButton href={button.href} label={button.label} style={{ variant: "secondary" }} />
        </div>
      ))}
    </BlockSection>
  );
}
