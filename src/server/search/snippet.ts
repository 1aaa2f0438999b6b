import { escapeHtml } from "~/shared/escape-html";

/** Snippets for search results: plain text around the first match, escaped, matches in `<mark>`. */

/** About how many characters of text a snippet shows. */
const SNIPPET_LENGTH = 180;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** The words of post content as a reader sees them: tags dropped, the common entities read. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>?/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, " ")
    .trim();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A regular expression finding any of `words` at the start of a word, case-insensitively; the
 * index's matched terms are lower case, and a prefix match marks the start of the longer word.
 */
function wordsPattern(words: readonly string[]): RegExp | undefined {
  const sorted = [...new Set(words.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return undefined;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.map(escapeRegExp).join("|")})[\\p{L}\\p{N}]*`, "giu");
}

/** `text` escaped, with each word starting with one of `words` wrapped in `<mark>`. */
export function highlight(text: string, words: readonly string[]): string {
  const pattern = wordsPattern(words);
  if (!pattern) return escapeHtml(text);
  let out = "";
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    out += escapeHtml(text.slice(from, match.index)) + `<mark>${escapeHtml(match[0])}</mark>`;
    from = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(from));
}

/**
 * About SNIPPET_LENGTH characters of `text` around the first of `words` it holds (its start when
 * none), cut at spaces, escaped and highlighted.
 */
export function snippetOf(text: string, words: readonly string[]): string {
  const pattern = wordsPattern(words);
  const at = pattern ? (pattern.exec(text)?.index ?? 0) : 0;
  let start = Math.max(0, at - SNIPPET_LENGTH / 3);
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(" ", end) > at ? text.lastIndexOf(" ", end) : end;
  const piece = text.slice(start, end).trim();
  return (start > 0 ? "… " : "") + highlight(piece, words) + (end < text.length ? " …" : "");
}
