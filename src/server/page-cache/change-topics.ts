import type { ChangeKind, ContentChange } from "~/server/store/types";
import { savedInPlace, postPage } from "~/server/posts/post-shown";
import { SHOWN_KINDS } from "./shown-kinds";

/** The kinds of write a public page may show: those of the kinds declared in shown-kinds.ts. */
export const shownOnPages = (kind: ChangeKind) => SHOWN_KINDS.some((shown) => shown.kind === kind);

/**
 * The topics (src/shared/page-cache.ts) a content change touches, or undefined for "everything"
 * (a change too large to list, or one a kind says touches every page), as each kind's
 * declaration says.
 */
export function topicsOf(content: ContentChange): Set<string> | undefined {
  if (!content) return undefined;
  const topics = new Set<string>();
  for (const shown of SHOWN_KINDS) {
    const change = content[shown.key];
    if (change !== undefined && !shown.topics(change as never, topics)) return undefined;
  }
  return topics;
}

/**
 * The pages readers ask for first among those a change dropped (the blog, its tags' pages and the
 * changed posts), and the pages it took away (a post unpublished, deleted or moved to another
 * slug), which a warm-up still due must not render.
 */
export function firstPagesOf(content: ContentChange): { pages: string[]; gone: string[] } {
  if (!content) return { pages: ["/", "/blog"], gone: [] };
  const pages = new Set<string>();
  const gone = new Set<string>();
  for (const shown of SHOWN_KINDS) {
    const change = content[shown.key];
    if (change !== undefined) shown.firstPages(change as never, pages, gone);
  }
  return { pages: [...pages], gone: [...gone] };
}

/**
 * The page of each post a change saved in place, by the post's id: the one page of it whose
 * refresh a save waits for (docs/decisions/142-a-save-answers-once-its-page-is-rendered.md).
 */
export function pagesSavedInPlace(content: ContentChange): Map<number, string> {
  const pages = new Map<number, string>();
  for (const { before, after } of content?.posts ?? []) {
    if (after && savedInPlace(before, after)) pages.set(after.id, postPage(after));
  }
  return pages;
}
