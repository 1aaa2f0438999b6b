import type { Block } from "~/shared/blocks";
import { StepItems } from "../step-items";
import { toneOf } from "../tones";
import { BlockSection, itemHeading } from "./block-parts";

type Steps = Extract<Block, { type: "steps" }>;

/** A numbered path, one row on wide screens, as the home page's How it works; tinted unless chosen otherwise. */
export function StepsBlock({ block }: { block: Steps }) {
  return (
    <BlockSection block={block} fallback="tinted" title={block.title} intro={block.intro}>
      <StepItems steps={block.items} tone={toneOf(block.variant, "tinted")} headingLevel={itemHeading(block.title)} />
    </BlockSection>
  );
}
