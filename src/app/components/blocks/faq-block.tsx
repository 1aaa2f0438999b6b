import type { Block } from "~/shared/blocks";
import { BlockSection } from "./block-parts";

type Faq = Extract<Block, { type: "faq" }>;

/**
 * Questions that open to their answers (`<details>`: no JavaScript, the browser's own keyboard
 * handling, and the answers in the page for search engines and find-in-page). A question is the
 * summary's text, not a heading: a summary is a button, and a heading inside one loses its role.
 */
export function FaqBlock({ block }: { block: Faq }) {
  return (
    <BlockSection block={block} title={block.title} intro={block.intro} width="max-w-3xl">
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-left shadow-sm">
        {block.items.map((item, i) => (
          <details key={i} className="group px-6 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 text-lg font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              {item.question}
              <span aria-hidden="true" className="text-2xl leading-none text-brand-700 group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 whitespace-pre-line text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </BlockSection>
  );
}
