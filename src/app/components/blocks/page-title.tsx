import type { Block } from "~/shared/blocks";

/**
 * A page's one h1 (docs/architecture.md section 8): its title, for screen readers, unless its
 * first shown block is a hero, whose headline is the h1.
 */
export function PageTitle({ title, blocks }: { title: string; blocks: readonly Block[] }) {
  const ownHeading = blocks.find((block) => !block.hidden)?.type !== "hero";
  return ownHeading ? <h1 className="sr-only">{title}</h1> : null;
}
