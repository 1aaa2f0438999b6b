import { readingMinutes } from "../shared/reading-time";
import { sanitizeContent } from "./content";
import type { Post } from "./store/types";

/**
 * How a stored post is read out, by the public blog and the CMS alike. Content is sanitized on the
 * way out too (DESIGN.md section 5: restored backups and older files may hold HTML that never
 * passed the write path). The store hands out frozen posts that are replaced on every change, so
 * one sanitized copy is kept per post object, shared by every reader, and dropped with the post.
 */
const sanitized = new WeakMap<Post, string>();

export function contentOf(post: Post): string {
  let html = sanitized.get(post);
  if (html === undefined) sanitized.set(post, (html = sanitizeContent(post.content)));
  return html;
}

/** SPEC section 3: older posts carry `excerpt` instead of `summary`. */
export function summaryOf(post: Post): string {
  return post.summary || post.excerpt || "";
}

const minutes = new WeakMap<Post, number>();

/** Minutes to read the post, counted once per stored version of it like its sanitized content. */
export function readingMinutesOf(post: Post): number {
  let value = minutes.get(post);
  if (value === undefined) minutes.set(post, (value = readingMinutes(contentOf(post))));
  return value;
}
