/**
 * A guard in front of sanitize-html. Its parser (htmlparser2) keeps the open tags in a stack that it
 * searches on every tag, so each level of nesting costs every level above it: 166,666 nested `<b>`
 * within the content limit took 8 s of the event loop. Quill writes a few levels at most (a list in
 * a quote, a link in bold), so content nested deeper than MAX_NESTING is refused on write and, when
 * it reaches a render from an older file or a backup, shown as its plain text.
 */
export const MAX_NESTING = 100;

/** Elements that never hold children, so their start tags open no level. */
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/**
 * Whether the tags of `html` nest deeper than `limit`, read once from start to end: each `<` is
 * looked at once and the scan for a tag's end resumes where the last one stopped.
 */
export function nestsDeeperThan(html: string, limit = MAX_NESTING): boolean {
  let depth = 0;
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", at + 1)) {
    const next = html.charCodeAt(at + 1);
    if (next === SLASH) {
      if (depth > 0) depth -= 1;
      continue;
    }
    if (!isLetter(next)) continue;
    let end = at + 1;
    while (end < html.length && isNameChar(html.charCodeAt(end))) end += 1;
    if (VOID.has(html.slice(at + 1, end).toLowerCase())) continue;
    depth += 1;
    if (depth > limit) return true;
  }
  return false;
}

/**
 * The text of `html` with every tag left out, in one paragraph (to be sanitized like any content): what a reader is shown of
 * content too deeply nested to sanitize. Linear: a tag ends at the next `>`, and once no `>` is left
 * the rest is text.
 */
export function plainTextOf(html: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", from)) {
    parts.push(html.slice(from, at));
    const end = html.indexOf(">", at);
    if (end === -1) {
      from = html.length;
      break;
    }
    parts.push(" ");
    from = end + 1;
  }
  parts.push(html.slice(from));
  const text = parts.join("").replace(/\s+/g, " ").trim();
  return `<p>${text}</p>`;
}

const SLASH = "/".charCodeAt(0);
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameChar = (c: number) => isLetter(c) || (c >= 48 && c <= 57) || c === 45;
