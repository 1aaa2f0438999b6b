import type { ResponsiveImage } from "~/shared/media";

/** Post content is at most 48rem wide (the post page's column), less its padding on a phone. */
export const CONTENT_IMAGE_SIZES = "(min-width: 48rem) 736px, calc(100vw - 2rem)";

/** One `name="value"` pair, read where the last one ended (sticky), so no text is read twice. */
const ATTR = /\s+([\w-]+)="([^"]*)"/y;

/**
 * Gives each of our own images in sanitized post HTML its srcset, sizes, width and height (so
 * the page does not shift while it loads) and lazy loading. Runs after sanitizing: the HTML is
 * the sanitizer's own output, where `<` and `>` outside tags and `"` inside attribute values are
 * always escaped, so `<img` opens a tag and the next `>` closes it. The content is read once from
 * start to end: a search for a tag's end that could start over at every space made a single
 * writer's post hold the server for seconds on each read. What is added comes from the media
 * library, not from the writer.
 */
export function withResponsiveImages(html: string, lookup: (src: string) => ResponsiveImage | undefined): string {
  let out = "";
  let from = 0;
  for (let start = html.indexOf("<img", from); start >= 0; start = html.indexOf("<img", from)) {
    const end = html.indexOf(">", start);
    if (end < 0) break;
    out += html.slice(from, start) + withSize(html.slice(start, end + 1), lookup);
    from = end + 1;
  }
  return from === 0 ? html : out + html.slice(from);
}

function withSize(tag: string, lookup: (src: string) => ResponsiveImage | undefined): string {
  const attrs = new Map<string, string>();
  let at = "<img".length;
  for (let m = readAttr(tag, at); m; m = readAttr(tag, at)) {
    attrs.set(m[1]!, m[2]!);
    at = ATTR.lastIndex;
  }
  // `<imgx` or anything else the pairs do not account for is left exactly as it was.
  if (!/^\s*\/?>$/.test(tag.slice(at))) return tag;
  const image = lookup((attrs.get("src") ?? "").replaceAll("&amp;", "&"));
  if (!image?.width) return tag;
  if (!attrs.has("width") || !attrs.has("height")) {
    attrs.set("width", String(image.width));
    attrs.set("height", String(image.height));
  }
  if (image.srcSet) {
    attrs.set("srcset", image.srcSet);
    attrs.set("sizes", CONTENT_IMAGE_SIZES);
  }
  if (!attrs.has("loading")) attrs.set("loading", "lazy");
  return `<img ${[...attrs].map(([k, v]) => `${k}="${v}"`).join(" ")} />`;
}

function readAttr(tag: string, at: number): RegExpExecArray | null {
  ATTR.lastIndex = at;
  return ATTR.exec(tag);
}
