import { Parser } from "htmlparser2";

/**
 * A guard in front of sanitize-html. Its parser (htmlparser2) keeps the open tags in a stack that it
 * searches on every tag, so each level of nesting costs every level above it: 166,666 nested `<b>`
 * within the content limit took 8 s of the event loop. Quill writes a few levels at most (a list in
 * a quote, a link in bold), so content nested deeper than MAX_NESTING is refused on write and on
 * restore and, when it reaches a render from an older file, shown as its plain text.
 */
export const MAX_NESTING = 100;

/** Thrown by the guard's handler to stop the parse at the first level past the limit. */
class TooDeep extends Error {}

/**
 * Whether the tags of `html` nest deeper than `limit` in the parser sanitize-html uses. The depth
 * is the parser's own: it counts the start tags it opens and the end tags it closes, so a closing
 * tag that matches no open element (which the parser ignores) gives back no level, and neither
 * does one inside a comment, an attribute or a script's text. A count of its own would have to
 * agree with the parser on every such case, and each disagreement is a way around the limit. The
 * parse stops at the first level past the limit, so its stack, and each search of it, stays
 * within `limit`: the whole check is one linear pass.
 */
export function nestsDeeperThan(html: string, limit = MAX_NESTING): boolean {
  let depth = 0;
  const parser = new Parser(
    {
      onopentagname() {
        depth += 1;
        if (depth > limit) throw new TooDeep();
      },
      onclosetag() {
        depth -= 1;
      },
    },
    // sanitize-html's own options (its htmlParserDefaults), so both parsers read the same tags.
    { decodeEntities: true },
  );
  try {
    parser.end(html);
  } catch (error) {
    if (error instanceof TooDeep) return true;
    throw error;
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
