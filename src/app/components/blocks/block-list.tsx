import type { Block } from "~/shared/blocks";
import { BlockDataProvider, EMPTY_BLOCK_DATA, type BlockData } from "./block-data";
import { CallToActionBlock } from "./call-to-action-block";
import { ContactFormBlock } from "./contact-form-block";
import { FaqBlock } from "./faq-block";
import { FeatureGridBlock } from "./feature-grid-block";
import { FiguresBlock } from "./figures-block";
import { HeroBlock } from "./hero-block";
import { ImageBlock } from "./image-block";
import { IndustryCardsBlock } from "./industry-cards-block";
import { LatestPostsBlock } from "./latest-posts-block";
import { LogoStripBlock } from "./logo-strip-block";
import { PricingTableBlock } from "./pricing-table-block";
import { RichTextBlock } from "./rich-text-block";
import { StepsBlock } from "./steps-block";
import { SubscribeBlock } from "./subscribe-block";
import { TestimonialBlock } from "./testimonial-block";
import { VideoBlock } from "./video-block";

/**
 * Renders a page's blocks in order, skipping hidden ones: the public page and the editor's
 * preview both use it. `data` carries what blocks show that the page does not hold (industries,
 * latest posts), filled by the page route's loader (block-data.tsx).
 */
export function BlockList({ blocks, data = EMPTY_BLOCK_DATA }: { blocks: readonly Block[]; data?: BlockData }) {
  return (
    <BlockDataProvider data={data}>
      {blocks.map((block) => (block.hidden ? null : <BlockView key={block.id} block={block} />))}
    </BlockDataProvider>
  );
}

export function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case "hero":
      return <HeroBlock block={block} />;
    case "richText":
      return <RichTextBlock block={block} />;
    case "featureGrid":
      return <FeatureGridBlock block={block} />;
    case "steps":
      return <StepsBlock block={block} />;
    case "callToAction":
      return <CallToActionBlock block={block} />;
    case "faq":
      return <FaqBlock block={block} />;
    case "testimonial":
      return <TestimonialBlock block={block} />;
    case "logoStrip":
      return <LogoStripBlock block={block} />;
    case "figures":
      return <FiguresBlock block={block} />;
    case "image":
      return <ImageBlock block={block} />;
    case "video":
      return <VideoBlock block={block} />;
    case "industryCards":
      return <IndustryCardsBlock block={block} />;
    case "latestPosts":
      return <LatestPostsBlock block={block} />;
    case "contactForm":
      return <ContactFormBlock block={block} />;
    case "subscribe":
      return <SubscribeBlock block={block} />;
    case "pricingTable":
      return <PricingTableBlock block={block} />;
  }
}
