/**
 * How long a post takes to read, shown on its card and its page. Isomorphic: no DOM and no Node APIs.
 */

/** A common figure for silent reading of non-fiction on a screen. */
export const WORDS_PER_MINUTE = 200;

/** Whole minutes, at least 1, for the words in this HTML (tags and entities do not count as words). */
export function readingMinutes(html: string): number {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[#\w]+;/g, " ");
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}
