import { createHash } from "node:crypto";
import { postStatus } from "~/shared/post-status";
import { readingMinutes } from "~/shared/reading-time";
import { sanitizeContent } from "./content";
import { LONG_CONTENT, sanitizeOffThread } from "./sanitize-worker";
import type { CmsListItem, CmsPost, PostListItem } from "~/shared/blog";
import { isCoverImageUrl } from "~/shared/schemas";
import type { Post } from "~/server/store/types";

/**
 * How a stored post is read out, by the public blog and the CMS alike. Content is sanitized on the
 * way out too (docs/architecture.md section 5: restored backups and older files may hold HTML that never
 * passed the write path). The store hands out frozen posts that are replaced on every change, so
 * one sanitized copy is kept per post object, shared by every reader, and dropped with the post.
 * Long content is sanitized in a worker thread (sanitize-worker.ts), so the readers that may meet
 * it wait for `contentReady` or `contentsOf` before the synchronous `contentOf` and the card's
 * reading time.
 */
const sanitized = new WeakMap<Post, string>();

/**
 * Content sanitized lately, by its text: the write path's, and every long content read, with its
 * reading minutes once counted. A write stores new post objects and the store reads their cards
 * inside the write (docs/decisions/140-a-card-is-not-its-page.md), before anyone can name the
 * object; a tag's rename gives each tagged post a new object with the same content. Sanitizing is
 * idempotent (content.ts), so the sanitized text is its own entry too. The least recently used go
 * first once the entries hold RECENT_CHARS characters.
 */
const recent = new Map<string, { html: string; minutes?: number }>();
let recentChars = 0;
const RECENT_CHARS = 10_000_000;

function remember(html: string, clean: { html: string; minutes?: number }): void {
  for (const key of [html, clean.html]) {
    const was = recent.get(key);
    if (was !== undefined) recentChars -= key.length + was.html.length;
    recent.delete(key);
    recent.set(key, clean);
    recentChars += key.length + clean.html.length;
  }
  for (const [key, value] of recent) {
    if (recentChars <= RECENT_CHARS) break;
    recent.delete(key);
    recentChars -= key.length + value.html.length;
  }
}

function recall(html: string): { html: string; minutes?: number } | undefined {
  const clean = recent.get(html);
  if (clean !== undefined) {
    recent.delete(html);
    recent.set(html, clean);
  }
  return clean;
}

/** Long content on its way to the worker, so readers that ask for it together share one job. */
const inWorker = new Map<string, Promise<string>>();

/** `html` sanitized: found, or done here when short, or a job for the worker when long. */
function cleanOf(html: string): string | Promise<string> {
  const known = recall(html);
  if (known !== undefined) return known.html;
  if (html.length < LONG_CONTENT) return sanitizeContent(html);
  let job = inWorker.get(html);
  if (!job) {
    job = sanitizeOffThread(html).then((clean) => {
      remember(html, clean);
      return clean.html;
    });
    inWorker.set(html, job);
    void job.finally(() => inWorker.delete(html));
  }
  return job;
}

export function contentOf(post: Post): string {
  let html = sanitized.get(post);
  if (html === undefined) {
    const known = recall(post.content);
    // A long content nobody read ahead (contentReady) is sanitized here after all, once.
    html = known?.html ?? sanitizeContent(post.content);
    if (!known && post.content.length >= LONG_CONTENT) remember(post.content, { html });
    sanitized.set(post, html);
  }
  return html;
}

/** `contentOf(post)`, with long content sanitized in the worker while the thread serves others. */
export async function contentReady(post: Post): Promise<string> {
  let html = sanitized.get(post);
  if (html === undefined) {
    html = await cleanOf(post.content);
    sanitized.set(post, html);
  }
  return html;
}

/** Sanitizes content on its way into the store, or finds it sanitized ahead, remembering it for the write's own reads. */
export function sanitizeForStore(html: string): string {
  const clean = recall(html) ?? { html: sanitizeContent(html) };
  remember(html, clean);
  return clean.html;
}

/**
 * Sanitizes contents a write is about to store (a sent post, a restore, a revision brought back),
 * long ones in the worker and the rest in slices, so the write's `sanitizeForStore` and its card
 * reads find them done.
 */
export async function sanitizeAhead(htmls: readonly string[]): Promise<void> {
  await inSlices(htmls, (html) => {
    const found = cleanOf(html);
    if (typeof found !== "string") return found;
    if (!recent.has(html)) remember(html, { html: found });
    return found;
  });
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
 * feed, the CMS) and before a list's cards read their reading time. After a restart nothing is
 * sanitized yet, and 10,000 posts take seconds, so the work is cut into slices of about 10 ms with
 * other requests served in between, and long contents go to the worker: the one list waits, the
 * site does not. Later lists find every post done.
 */
export async function contentsOf(posts: readonly Post[]): Promise<string[]> {
  return inSlices(posts, (post) => {
    const known = sanitized.get(post);
    if (known !== undefined) return known;
    const found = cleanOf(post.content);
    if (typeof found === "string") return rememberContent(post, found);
    return found.then((clean) => rememberContent(post, clean));
  });
}

/** `one` of each item in order, letting other work run after every SLICE_MS of it. */
async function inSlices<T>(items: readonly T[], one: (item: T) => string | Promise<string>): Promise<string[]> {
  const results: string[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    const result = one(item);
    results.push(typeof result === "string" ? result : await result);
    if (performance.now() - sliceStart < SLICE_MS) continue;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  }
  return results;
}

/** docs/product.md section 3: older posts carry `excerpt` instead of `summary`. */
export function summaryOf(post: Post): string {
  return post.summary || post.excerpt || "";
}

/** A post as the CMS shows it: drafts too, the summary resolved and the `excerpt` kept. */
export function cmsPostOf(post: Post, content = contentOf(post)): CmsPost {
  return { ...cmsListItemOf(post), content };
}

/**
 * A row of the admin posts list: no content, so a page of rows neither sanitizes nor sends it; nor
 * the preview links' counter, which only the links read (docs/decisions/181-shared-preview-links.md).
 */
export function cmsListItemOf(post: Post): CmsListItem {
  const { content: _content, previewGeneration: _generation, ...item } = post;
  return { ...item, summary: summaryOf(post), publishedAt: post.publishedAt ?? null, status: postStatus(post) };
}

const minutes = new WeakMap<Post, number>();

/**
 * Minutes to read the post, counted once per stored version of it like its sanitized content; a
 * long content's were counted with it, in the worker.
 */
export function readingMinutesOf(post: Post): number {
  let value = minutes.get(post);
  if (value === undefined) {
    const html = contentOf(post);
    const known = recall(html);
    value = known?.minutes ?? readingMinutes(html);
    if (known) known.minutes = value;
    minutes.set(post, value);
  }
  return value;
}

/** A post as its card shows it on a list page or under another post, without the cover's resized copies. */
export function listItemOf(post: Post): PostListItem {
  return { ...cardFieldsOf(post), readingMinutes: readingMinutesOf(post) };
}

/** The cover a reader is shown (none for one the form would refuse), for the newsletter's email. */
export const shownCoverOf = (post: Post): string | undefined => cardFieldsOf(post).coverImage;

function cardFieldsOf(post: Post): Omit<PostListItem, "readingMinutes"> {
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
  };
}

/**
 * What a post's card shows, as one string: equal before and after a save only when no card of the
 * post changed (docs/decisions/140-a-card-is-not-its-page.md). Read off the fields `listItemOf`
 * reads, so a field a card gains is compared too. The store makes the marks inside its writes, on
 * the server's thread, so a long content whose reading time is not known yet (nobody read the post
 * since the start) is not sanitized there to count it: a digest of its text stands in, which
 * changes whenever the text does. Such a mark may drop the post's list pages once more than
 * needed, never leave one showing an old card (docs/decisions/172-long-content-sanitized-in-a-worker.md).
 */
export const cardMarkOf = (post: Post): string =>
  JSON.stringify({ ...cardFieldsOf(post), readingMinutes: markedMinutesOf(post) });

function markedMinutesOf(post: Post): number | string {
  if (post.content.length < LONG_CONTENT) return readingMinutesOf(post);
  const known = minutes.get(post) ?? recall(sanitized.get(post) ?? post.content)?.minutes;
  if (known === undefined) return createHash("sha256").update(post.content).digest("base64url");
  minutes.set(post, known);
  return known;
}
