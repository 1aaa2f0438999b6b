import type { Block } from "~/shared/blocks";

type RichText = Extract<Block, { type: "richText" }>;

/** HTML the server already ran through the post sanitizer when the page was saved. */
export function RichTextBlock({ block }: { block: RichText }) {
  return (
    <section id={block.anchor} className="mx-auto max-w-3xl px-4 py-12">
      <div className="post-content" dangerouslySetInnerHTML={{ __html: block.html }} />
    </section>
  );
}
