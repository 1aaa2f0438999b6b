import { postStatus } from "~/shared/post-status";
import { readingMinutes } from "~/shared/reading-time";
import { sanitizeContent } from "./content";
import type { CmsListItem, CmsPost, PostListItem } from "~/shared/blog";
import { isCoverImageUrl } from "~/shared/schemas";
import type { Post } from "~/server/store/types";

/**
 * How a stored post is read out, by the public blog and the CMS alike. Content is sanitized on the
 * way out too (docs/architecture.md section 5: restored backups and older files may hold HTML that never
 * passed the write path). The store hands out frozen posts that are replaced on every change, so
 * one sanitized copy is kept per post object, shared by every reader, and dropped with the post.
 */
const sanitized = new WeakMap<Post, string>();

/**
 * Content the write path sanitized moments ago, for the post it is about to store: the store reads
 * the new post's card inside its write (docs/decisions/140-a-card-is-not-its-page.md), before
 * `rememberContent` can name the post object. Sanitizing is idempotent (content.ts), so such content
 * is its own sanitized form. A few entries cover the writes in flight.
 */
const justSanitized: string[] = [];
const JUST_SANITIZED_KEPT = 8;

export function contentOf(post: Post): string {
  let html = sanitized.get(post);
  if (html === undefined) {
    html = justSanitized.includes(post.content) ? post.content : sanitizeContent(post.content);
    sanitized.set(post, html);
  }
  return html;
}

/** Sanitizes content on its way into the store, remembering the result for `contentOf`. */
export function sanitizeForStore(html: string): string {
  const clean = sanitizeContent(html);
  justSanitized.push(clean);
  if (justSanitized.length > JUST_SANITIZED_KEPT) justSanitized.shift();
  return clean;
}

/** A post the write path just stored with content it sanitized (`html`), so no reader sanitizes it again. */
export function rememberContent(post: Post, html: string): string {
  sanitized.set(post, html);
  return html;
}

/** Longest stretch a list spends sanitizing before it lets other requests run. */
const SLICE_MS = 10;

/**
 * Every post's content, sanitized, for the lists that send whole posts (the public posts API, the
 * feed, the CMS). After a restart nothing is sanitized yet, and 10,000 posts take seconds, so the
 * work is cut into slices of about 10 ms with other requests served in between: the one list
 * waits, the site does not. Later lists find every post done.
 */
export async function contentsOf(posts: readonly Post[]): Promise<string[]> {
  const contents: string[] = [];
  let sliceStart = performance.now();
  for (const post of posts) {
    contents.push(contentOf(post));
    if (performance.now() - sliceStart < SLICE_MS) continue;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  }
  return contents;
}

/** docs/product.md section 3: older posts carry `excerpt` instead of `summary`. */
export function summaryOf(post: Post): string {
  return post.summary || post.excerpt || "";
}

/** A post as the CMS shows it: drafts too, the summary resolved and the `excerpt` kept. */
export function cmsPostOf(post: Post, content = contentOf(post)): CmsPost {
  return { ...cmsListItemOf(post), content };
}

/** A row of the admin posts list: no content, so a page of rows neither sanitizes nor sends it. */
export function cmsListItemOf(post: Post): CmsListItem {
  const { content: _content, ...item } = post;
  return { ...item, summary: summaryOf(post), publishedAt: post.publishedAt ?? null, status: postStatus(post) };
}

const minutes = new WeakMap<Post, number>();

/** Minutes to read the post, counted once per stored version of it like its sanitized content. */
export function readingMinutesOf(post: Post): number {
  let value = minutes.get(post);
  if (value === undefined) minutes.set(post, (value = readingMinutes(contentOf(post))));
  return value;
}

/** A post as its card shows it on a list page or under another post, without the cover's resized copies. */
export function listItemOf(post: Post): PostListItem {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    summary: summaryOf(post),
    // A restored or older post may hold a cover the form would refuse; it is shown as none.
    ...(post.coverImage && isCoverImageUrl(post.coverImage) && { coverImage: post.coverImage }),
    ...(post.coverFocus && { coverFocus: post.coverFocus }),
    createdAt: post.createdAt,
    // Every published post has one once read (collections/posts.ts completePost); only a draft's
    // signed-in preview lacks it, and shows its creation.
    publishedAt: post.publishedAt ?? post.createdAt,
    tags: post.tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug })),
    readingMinutes: readingMinutesOf(post),
  };
}

/**
 * What a post's card shows, as one string: equal before and after a save exactly when no card of
 * the post changed (docs/decisions/140-a-card-is-not-its-page.md). Read off `listItemOf` itself,
 * so a field a card gains is compared too.
 */
export const cardMarkOf = (post: Post): string => JSON.stringify(listItemOf(post));
