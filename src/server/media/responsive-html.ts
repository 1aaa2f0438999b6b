import type { ResponsiveImage } from "~/shared/media";

/** Post content is at most 48rem wide (the post page's column), less its padding on a phone. */
export const CONTENT_IMAGE_SIZES = "(min-width: 48rem) 736px, calc(100vw - 2rem)";

const IMG = /<img\b([^>]*?)\s*\/?>/g;
const ATTR = /([\w-]+)="([^"]*)"/g;

/**
 * Gives each of our own images in sanitized post HTML its srcset, sizes, width and height (so
 * the page does not shift while it loads) and lazy loading. Runs after sanitizing: the HTML is
 * the sanitizer's own output, with every attribute double-quoted, and what is added comes from
 * the media library, not from the writer.
 */
export function withResponsiveImages(html: string, lookup: (src: string) => ResponsiveImage | undefined): string {
  if (!html.includes("<img")) return html;
  return html.replace(IMG, (tag, attributes: string) => {
    const attrs = new Map([...attributes.matchAll(ATTR)].map((m) => [m[1]!, m[2]!]));
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
  });
}
