import "../zod-jitless";
import { z } from "zod";
import { blockBase } from "./block-base";
import { heading, list, blockText } from "./block-fields";
import { BLOCK_LIMITS as L } from "./block-messages";
import type { Block } from "./index";

/** Questions and their plain-text answers; a page with one gets FAQPage structured data. */
export const faqBlockSchema = blockBase.extend({
  type: z.literal("faq"),
  ...heading,
  items: list(z.object({ question: blockText(L.line), answer: blockText(L.paragraph) }), 1, L.faqItems),
});

type FaqJsonLd = {
  "@context": "https://schema.org";
  "@type": "FAQPage";
  mainEntity: { "@type": "Question"; name: string; acceptedAnswer: { "@type": "Answer"; text: string } }[];
};

/**
 * The FAQPage JSON-LD (https://schema.org/FAQPage) of a page's shown FAQ blocks, their questions
 * in page order, or undefined when the page shows none. Pure, for the page route's loader to put
 * in the head (React Router's `{ "script:ld+json": ... }` meta, which escapes it for a script);
 * called there, on the server, so the schemas' code stays out of the page's JavaScript.
 */
export function faqJsonLd(blocks: readonly Block[]): FaqJsonLd | undefined {
  const questions = blocks.flatMap((block) => (block.type === "faq" && !block.hidden ? block.items : []));
  if (questions.length === 0) return undefined;
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: questions.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}
