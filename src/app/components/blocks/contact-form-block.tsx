import type { Block } from "~/shared/blocks";
import { ContactForm } from "../contact-form";
import { Card } from "../ui/card";
import { useBlockData } from "./block-data";
import { BlockSection } from "./block-parts";

type ContactFormData = Extract<Block, { type: "contactForm" }>;

/**
 * The site's contact form (its inbox, its analytics, its answer without JavaScript: the page's
 * route exports contactAction as its action) under the block's heading. Its industry choices are
 * the page's BlockData industries where given (the editor's preview), else the site layout's.
 */
export function ContactFormBlock({ block }: { block: ContactFormData }) {
  const { industries } = useBlockData();
  return (
    <BlockSection block={block} title={block.title} intro={block.intro}>
      <Card className="mx-auto max-w-3xl text-left">
        <ContactForm defaultIndustry={block.industry} industries={industries.length > 0 ? industries : undefined} />
      </Card>
    </BlockSection>
  );
}
