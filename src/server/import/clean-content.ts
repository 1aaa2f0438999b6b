import { sanitizeContent } from "~/server/posts/content";
import { embedFromUrl, embedsFromCode, parseAttributes, decodeEntities, type Embed } from "~/shared/embeds";
import { IMPORT_MESSAGES } from "~/shared/import";
import { escapeHtml } from "~/shared/escape-html";
import { uniqueLinks, type RecordLink } from "./record-links";

/**
 * A WordPress or Ghost post's HTML made into what the editor writes
 * (docs/decisions/253-imported-content-cleaned-not-lost.md): Gutenberg's block comments go,
 * paragraphs WordPress kept as blank lines become `<p>`, shortcodes become HTML (`[caption]` a
 * figure and caption, `[embed]` a video, `[gallery]` its images) or are removed with their text
 * kept and reported, YouTube and Vimeo addresses and iframes become the editor's embeds, and links
 * to the old site lead to the new addresses (a post's or a page's of the export made exact when the
 * batch is written: record-links.ts). Images are listed here and swapped for the media
 * library's copies by `finishContent`, which runs everything through the post sanitizer.
 */
export type ContentContext = {
  /** The old site's origins (https://old.example), whose links are rewritten. */
  origins: readonly string[];
  /**
   * The new address of an old path and query, when the import knows one: a post or a page of the
   * export as a RecordLink, whose address here is known when its batch is written.
   */
  linkTarget: (path: string, query: URLSearchParams) => string | RecordLink | undefined;
  /** A WordPress attachment by id ([gallery ids="..."]). */
  attachment?: (id: string) => { url: string; alt: string } | undefined;
};

export type CleanedContent = { html: string; images: string[]; problems: string[]; links: RecordLink[] };

/** The shortcodes WordPress itself registers that carry no content worth keeping as text. */
const EMPTY_SHORTCODES = new Set(["audio", "video", "playlist", "wp_caption"]);

const BLOCK_TAG = /^<(?:p|div|h[1-6]|ul|ol|li|blockquote|pre|figure|table|iframe|hr|section|article|aside)\b/i;

export function cleanContent(raw: string, context: ContentContext): CleanedContent {
  const problems: string[] = [];
  const unknown = new Set<string>();
  let html = withoutBlockComments(raw);
  // Decided on the writer's own text: a shortcode's HTML (a gallery's paragraphs) does not count.
  const classic = !/<p[\s>]/i.test(html);
  html = shortcodes(html, context, unknown);
  if (classic) html = paragraphs(html);
  html = embedsAlone(html);
  html = html.replace(/<iframe\b[\s\S]*?<\/iframe>/gi, (frame) => {
    const [embed] = embedsFromCode(frame);
    if (embed) return embedHtml(embed);
    problems.push(IMPORT_MESSAGES.iframeRemoved(parseAttributes(frame.slice(7, frame.indexOf(">"))).src ?? ""));
    return "";
  });
  for (const name of unknown) problems.push(IMPORT_MESSAGES.unknownShortcode(name));
  const links: RecordLink[] = [];
  html = rewriteLinks(html, context, links);
  const images = [...html.matchAll(/<img\b([^>]*)>/gi)]
    .map((m) => parseAttributes(m[1]!).src)
    .filter((src): src is string => !!src && !src.startsWith("/media/"))
    .map((src) => absolute(decodeEntities(src), context));
  return { html, images: [...new Set(images)], problems, links: uniqueLinks(links) };
}

/**
 * The cleaned HTML with each image's address swapped for its copy in the media library
 * (`stored`; one that failed keeps its address), WordPress's size classes and srcset dropped,
 * then through the post sanitizer.
 */
export function finishContent(html: string, stored: ReadonlyMap<string, string>, context: ContentContext): string {
  const swapped = html.replace(/<img\b([^>]*)>/gi, (_tag, attrs: string) => {
    const a = parseAttributes(attrs);
    const src = a.src ? absolute(decodeEntities(a.src), context) : "";
    const url = stored.get(src) ?? src;
    const size = ["width", "height"].map((n) => (a[n] && /^\d+$/.test(a[n]) ? ` ${n}="${a[n]}"` : "")).join("");
    return `<img src="${escapeHtml(url)}" alt="${escapeHtml(a.alt ?? "")}"${size}>`;
  });
  return sanitizeContent(swapped);
}

/** An address as fetched: a relative one (`/wp-content/...`) on the old site's first origin. */
function absolute(src: string, context: ContentContext): string {
  if (/^https?:\/\//i.test(src) || !src.startsWith("/") || src.startsWith("//")) return src;
  return context.origins[0] ? context.origins[0] + src : src;
}

/** `<!-- wp:paragraph -->` and `<!-- /wp:paragraph -->`: Gutenberg's markers, never content. */
const withoutBlockComments = (html: string) => html.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, "");

/** The editor's video: Quill's iframe, which the sanitizer and the editor read as an embed. */
export const embedHtml = (embed: Embed) =>
  `<iframe class="ql-video" src="${escapeHtml(embed.src)}" width="${embed.width}" height="${embed.height}" allowfullscreen></iframe>`;

/**
 * WordPress's `wpautop`, in short: text without paragraphs (the classic editor's) is split at
 * blank lines into `<p>`, a single line break kept as `<br>`; a chunk that is a block already is
 * left as it is.
 */
function paragraphs(html: string): string {
  return html
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => (BLOCK_TAG.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, "<br>")}</p>`))
    .join("\n");
}

/** A YouTube or Vimeo address alone in its paragraph, line or Gutenberg embed: WordPress's oEmbed. */
function embedsAlone(html: string): string {
  const alone = (url: string, whole: string) => {
    const embed = embedFromUrl(decodeEntities(url.trim()));
    return embed ? embedHtml(embed) : whole;
  };
  return html
    .replace(/<p>\s*(?:<a\b[^>]*>)?\s*(https?:\/\/[^\s<]+)\s*(?:<\/a>)?\s*<\/p>/gi, (whole, url: string) =>
      alone(url, whole),
    )
    .replace(/<div class="wp-block-embed__wrapper">\s*(https?:\/\/[^\s<]+)\s*<\/div>/gi, (whole, url: string) =>
      alone(url, whole),
    )
    .replace(/^(\s*)(https?:\/\/\S+)\s*$/gm, (whole, _space, url: string) => alone(url, whole));
}

/**
 * `[name attrs]`, `[name attrs]inner[/name]` and `[[name]]` (WordPress's escape, left as the
 * literal `[name]`). Names start with a letter, so `[1]` stays text.
 */
function shortcodes(html: string, context: ContentContext, unknown: Set<string>): string {
  const pattern = /\[\[([a-z][\w-]*[^\]]*)\]\]|\[([a-z][\w-]*)((?:\s[^\]]*)?)\](?:([\s\S]*?)\[\/\2\])?/gi;
  return html.replace(pattern, (whole, escaped: string | undefined, name: string, attrs: string, inner?: string) => {
    if (escaped !== undefined) return `[${escaped}]`;
    const lower = name.toLowerCase();
    const a = parseAttributes(attrs.replace(/\/$/, ""));
    if (lower === "caption" || lower === "wp_caption") return caption(inner ?? "", a);
    if (lower === "embed") {
      const embed = embedFromUrl(decodeEntities((inner ?? a.src ?? "").trim()));
      if (embed) return embedHtml(embed);
      const url = (inner ?? "").trim();
      return /^https?:\/\//.test(url) ? `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` : "";
    }
    if (lower === "gallery") return gallery(a, context);
    if ((lower === "youtube" || lower === "vimeo") && (inner ?? a.id ?? a.url)) {
      const embed = embedFromUrl(decodeEntities((inner ?? a.url ?? a.id ?? "").trim()));
      if (embed) return embedHtml(embed);
    }
    if (lower === "video" && a.src) {
      const embed = embedFromUrl(decodeEntities(a.src));
      if (embed) return embedHtml(embed);
    }
    unknown.add(lower);
    // Removed, its text kept: a shortcode's inner content is the writer's words.
    return EMPTY_SHORTCODES.has(lower) ? "" : shortcodes(inner ?? "", context, unknown);
  });
}

/** `[caption]<img ...> The caption[/caption]`, or with the image in a link: a figure and its caption. */
function caption(inner: string, attrs: Record<string, string>): string {
  const image = /(?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?/i.exec(inner);
  if (!image) return inner;
  const text = (attrs.caption ?? inner.replace(image[0], "")).trim();
  const img = /<img\b[^>]*>/i.exec(image[0])![0];
  return `<figure>${img}${text ? `<figcaption>${text}</figcaption>` : ""}</figure>`;
}

/** `[gallery ids="1,2,3"]`: each attachment's image, with its alt text, in the order given. */
function gallery(attrs: Record<string, string>, context: ContentContext): string {
  const ids = (attrs.ids ?? attrs.include ?? "").split(",").map((id) => id.trim());
  const images = ids.map((id) => context.attachment?.(id)).filter((i) => i !== undefined);
  return images.map((i) => `<p><img src="${escapeHtml(i.url)}" alt="${escapeHtml(i.alt)}"></p>`).join("");
}

/**
 * Links to the old site lead to the new addresses: a known one to its page, any other as a path
 * here. A link to a post or a page of the export is listed in `links`, its fragment kept.
 */
function rewriteLinks(html: string, context: ContentContext, links: RecordLink[]): string {
  if (context.origins.length === 0) return html;
  return html.replace(/(<a\b[^>]*\bhref=)(["'])(.*?)\2/gi, (whole, start: string, quote: string, href: string) => {
    const decoded = decodeEntities(href);
    const origin = context.origins.find(
      (o) => decoded === o || decoded.startsWith(`${o}/`) || decoded.startsWith(`${o}?`),
    );
    if (origin === undefined) return whole;
    let url: URL;
    try {
      url = new URL(decoded);
    } catch {
      return whole;
    }
    if (url.pathname.startsWith("/wp-content/")) return whole;
    const known = context.linkTarget(url.pathname, url.searchParams);
    if (known !== undefined && typeof known !== "string") links.push(known);
    const target =
      known === undefined
        ? `${url.pathname}${url.search}${url.hash}`
        : typeof known === "string"
          ? known
          : `${known.href}${url.hash}`;
    return `${start}${quote}${escapeHtml(target)}${quote}`;
  });
}
