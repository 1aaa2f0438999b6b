import type { Page, Post, Tag } from "~/server/store/types";
import { encodeSlug } from "~/shared/page-cache";
import type { SiteIndustry } from "~/shared/site-content";
import type { SearchDoc } from "./search-index";
import { textOfHtml } from "./snippet";

/**
 * How much of a post's text is indexed: about the first 3,000 words. Indexing runs on the event
 * loop, and a post of half a megabyte would hold it for longer than a request may wait; a reader
 * searches for what a post is about, which its start says.
 */
export const INDEXED_TEXT = 20_000;

/**
 * A post's words as the index reads them: the summary first (what a snippet should show when the
 * match is in the title), then the content without its markup, which is cut before its tags are
 * dropped, so a long post's is never read whole.
 */
export const postText = (post: Post) =>
  `${post.summary} ${textOfHtml(post.content.slice(0, 4 * INDEXED_TEXT))}`.slice(0, INDEXED_TEXT).trim();

/**
 * A published post as the index takes it. Its text is read from the store's own record, once to
 * index it and again only when the post is on a page of results: the index keeps no copy of it
 * (docs/decisions/235-search-index-keeps-no-text.md).
 */
export const postDoc = (post: Post): SearchDoc => ({
  id: `post:${post.id}`,
  type: "post",
  title: post.title,
  text: () => postText(post),
  url: `/blog/${encodeSlug(post.slug)}`,
  date: post.publishedAt ?? post.createdAt,
});

/** Block fields that hold an address, a key or a look rather than words a reader sees. */
const NOT_WORDS = new Set([
  "id",
  "type",
  "anchor",
  "variant",
  "background",
  "kind",
  "href",
  "src",
  "url",
  "photo",
  "icon",
  "industry",
  "industries",
  "tag",
]);

/**
 * The words a reader sees on a page of blocks, its hidden blocks left out: every text of every
 * block (a rich text's without its markup, a picture's alternative text), in the page's order. The
 * posts and industries a block lists are found as themselves.
 */
export function pageText(page: Page): string {
  const words: string[] = [];
  const walk = (value: unknown, key?: string) => {
    if (key !== undefined && NOT_WORDS.has(key)) return;
    if (typeof value === "string") words.push(key === "html" ? textOfHtml(value) : value);
    else if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  for (const block of page.blocks) if (!block.hidden) walk(block);
  return words.join(" ").slice(0, INDEXED_TEXT);
}

/** A published page of blocks, its text read from the store's record as a post's is. */
export const pageDoc = (page: Page): SearchDoc => ({
  id: `page:${page.id}`,
  type: "page",
  title: page.title,
  text: () => pageText(page),
  url: page.path,
  date: page.publishedAt ?? page.createdAt,
});

export const industryDoc = (industry: SiteIndustry): SearchDoc => ({
  id: `industry:${industry.key}`,
  type: "industry",
  title: industry.title,
  text: [industry.description, ...industry.pageDescription, ...industry.features].join(" "),
  url: `/industries/${industry.id}`,
});

export const tagDoc = (tag: Tag, count: number): SearchDoc => ({
  id: `tag:${tag.id}`,
  type: "tag",
  title: tag.name,
  text: `${count} ${count === 1 ? "post" : "posts"} tagged ${tag.name}`,
  url: `/blog?tag=${encodeSlug(tag.slug)}`,
});
