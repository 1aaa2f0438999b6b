/** React escapes these five in text and attributes; nothing else reaches a page as an entity. */
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };

/**
 * The text a page's body shows, as a reader of the markup gets it: scripts, styles and templates
 * left out, whitespace collapsed, one line per block or link. For comparing what two versions of a
 * page say, not how they say it.
 */
export function pageText(html: string): string {
  const body = html.slice(html.indexOf("<body"));
  return body
    .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/g, "")
    .replace(/<\/(h[1-6]|p|li|dt|dd|a|button|label|option|summary)>/g, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}
