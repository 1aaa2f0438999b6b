import { lazy, Suspense, type ComponentType } from "react";
import type { Block } from "~/shared/blocks";
import { BlockDataProvider, EMPTY_BLOCK_DATA, type BlockData } from "./block-data";
import { CallToActionBlock } from "./call-to-action-block";
import { ContactFormBlock } from "./contact-form-block";
import { FeatureGridBlock } from "./feature-grid-block";
import { FiguresBlock } from "./figures-block";
import { HeroBlock } from "./hero-block";
import { IndustryCardsBlock } from "./industry-cards-block";
import { RichTextBlock } from "./rich-text-block";
import { StepsBlock } from "./steps-block";

/** The block types the home page is made of (src/shared/home-page.ts), in the home's own chunk. */
const HOME_TYPES = {
  hero: HeroBlock,
  richText: RichTextBlock,
  featureGrid: FeatureGridBlock,
  steps: StepsBlock,
  figures: FiguresBlock,
  industryCards: IndustryCardsBlock,
  callToAction: CallToActionBlock,
  contactForm: ContactFormBlock,
} as { [T in Block["type"]]?: ComponentType<{ block: Extract<Block, { type: T }> }> };

/** Any other type an editor adds to the home: the page route's list, loaded only when the home has one. */
const OtherBlock = lazy(() => import("./block-list").then((module) => ({ default: module.BlockView })));

/**
 * The home page's blocks as PageBlocks renders a page's (the hero's headline is the h1), without
 * loading every block type's code: "/" keeps within the JavaScript budget
 * (docs/decisions/280-the-home-page-is-a-page-of-blocks.md).
 */
export function HomeBlocks({
  title,
  blocks,
  data = EMPTY_BLOCK_DATA,
}: {
  title: string;
  blocks: readonly Block[];
  data?: BlockData;
}) {
  const ownHeading = blocks.find((block) => !block.hidden)?.type !== "hero";
  return (
    <>
      {ownHeading && <h1 className="sr-only">{title}</h1>}
      <BlockDataProvider data={data}>
        {blocks.map((block) => {
          if (block.hidden) return null;
          const View = HOME_TYPES[block.type] as ComponentType<{ block: Block }> | undefined;
          if (View) return <View key={block.id} block={block} />;
          return (
            <Suspense key={block.id}>
              <OtherBlock block={block} />
            </Suspense>
          );
        })}
      </BlockDataProvider>
    </>
  );
}
