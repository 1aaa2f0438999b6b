import type { Block } from "~/shared/blocks";
import { SubscribeForm } from "../newsletter/subscribe-form";
import { BlockSection } from "./block-parts";

type Subscribe = Extract<Block, { type: "subscribe" }>;

/**
 * The newsletter's own subscribe form (posted to /newsletter, working without JavaScript) on the
 * block's band, with the block's title and intro in place of the newsletter's. The form sends the
 * path it is shown at, so a subscription from a page records that page, as the blog's forms do.
 * Its element ids start with the block's (`block-<id>-email` ...): block ids are unique on a page
 * and no anchor starts with `block-`, so two subscribe blocks never clash.
 */
export function SubscribeBlock({ block }: { block: Subscribe }) {
  return (
    <BlockSection block={block} width="max-w-3xl">
      <SubscribeForm id={`block-${block.id}`} title={block.title} intro={block.intro} />
    </BlockSection>
  );
}
