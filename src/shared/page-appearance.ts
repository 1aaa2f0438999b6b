import type { Block } from "./blocks";
import { htmlText } from "./content-diff";
import { pageTitle } from "./post-seo";
import { SITE } from "./site";
import type { PublicPage } from "./pages";

const DESCRIPTION_MAX = 160;

/** The first words of the page's first visible rich text: its description when none is set. */
export function pageLead(blocks: readonly Block[]): string {
  for (const block of blocks) {
    if (block.hidden || block.type !== "richText") continue;
    const text = htmlText(block.html).replace(/\s+/g, " ").trim();
    if (!text) continue;
    return text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).replace(/\s+\S*$/, "")}…`;
  }
  return SITE.description;
}

/**
 * How a page appears in search results and link previews: its search settings where the team set
 * them, its title and first text where not, as a post's does (post-seo.ts).
 */
export function pageAppearance(page: Pick<PublicPage, "title" | "blocks" | "metaTitle" | "metaDescription">) {
  return {
    documentTitle: page.metaTitle || pageTitle(page.title),
    socialTitle: page.metaTitle || page.title,
    description: page.metaDescription || pageLead(page.blocks),
  };
}
