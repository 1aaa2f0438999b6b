/**
 * The one HTML policy for post content (docs/architecture.md section 2 "HTML safety" and section 5 "content
 * rendered as raw HTML"): an allowlist of what Quill 2 writes for the formats of docs/product.md section 5,
 * applied when content is written and again when it is rendered. Output is a fixed point:
 * sanitizeContent(sanitizeContent(x)) === sanitizeContent(x).
 */
import { videoTitle } from "~/shared/embeds";
import sanitizeHtml from "sanitize-html";
import { nestsDeeperThan, plainTextOf } from "./content-nesting";

// docs/product.md section 5: "Links are limited to the protocols http, https, mailto and tel".
const LINK_SCHEMES = ["http", "https", "mailto", "tel"];
const IMAGE_SCHEMES = ["http", "https"];

// docs/architecture.md section 2: iframes only https:// on these hosts, embed paths only.
const EMBED_PATHS: Record<string, RegExp> = {
  "www.youtube.com": /^\/embed\/[\w-]+$/,
  "www.youtube-nocookie.com": /^\/embed\/[\w-]+$/,
  "player.vimeo.com": /^\/video\/\d+$/,
};

// The classes Quill 2 writes for align, indent, font, size, video and code blocks. Quill 2's editor
// HTML (root.innerHTML) holds code blocks as div.ql-code-block-container > div.ql-code-block.
export const QUILL_CLASSES = [
  "ql-align-center",
  "ql-align-right",
  "ql-align-justify",
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `ql-indent-${n}`),
  "ql-font-serif",
  "ql-font-monospace",
  "ql-size-small",
  "ql-size-large",
  "ql-size-huge",
  "ql-video",
  "ql-syntax",
];
// A div is kept only as one of these wrappers (the responsive video container of docs/product.md section 5's
// paste rules, or a Quill 2 code block); any other div is unwrapped, its content kept.
export const DIV_CLASSES = ["video-container", "ql-code-block-container", "ql-code-block"];
// Quill 2 writes every list as <ol><li data-list="...">.
const LIST_TYPES = ["bullet", "ordered", "checked", "unchecked"];

// Colour values: hex, rgb()/rgba() made of digits and separators only, or a CSS named colour.
const NAMED_COLOURS = `transparent currentcolor aliceblue antiquewhite aqua aquamarine azure beige bisque black
  blanchedalmond blue blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk
  crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta
  darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray
  darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite
  forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink
  indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
  lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue
  lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon
  mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen
  mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive
  olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff
  peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown
  seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal
  thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen`.split(/\s+/);
const COLOUR = [
  /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i,
  /^rgba?\([\d.,%/\s]+\)$/i,
  new RegExp(`^(?:${NAMED_COLOURS.join("|")})$`, "i"),
];

/**
 * Longest URL kept in an `href` or `src`; a longer one is dropped like an unsafe one. Browsers and
 * servers commonly stop at about 2,000 characters, and a bound keeps every check below linear in
 * a small input.
 */
export const MAX_URL_LENGTH = 2_048;

/**
 * `<!-- ... -->` sections removed in one pass: each search starts where the last one ended, so
 * the time is linear in the length even when nothing closes (a lazy regex per `<!--` is quadratic).
 */
function withoutComments(text: string): string {
  let out = "";
  let from = 0;
  for (;;) {
    const start = text.indexOf("<!--", from);
    const end = start < 0 ? -1 : text.indexOf("-->", start + 4);
    if (end < 0) return out + text.slice(from);
    out += text.slice(from, start);
    from = end + 3;
  }
}

/** Characters browsers drop or ignore inside URLs, plus every other whitespace, control or format
 * character, so `java&#x09;script:` or `\u2028javascript:` is judged as `javascript:`. */
function squeeze(url: string): string {
  return withoutComments(url.replace(/[\s\p{C}]/gu, ""));
}

/**
 * A URL is safe if it is at most MAX_URL_LENGTH long and its scheme is in `schemes`, or it is
 * relative without being protocol-relative.
 */
function isSafeUrl(url: string, schemes: string[]): boolean {
  if (url.length > MAX_URL_LENGTH) return false;
  const bare = squeeze(url);
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(bare)?.[1];
  if (scheme) return schemes.includes(scheme.toLowerCase());
  return !/^[/\\]{2}/.test(bare);
}

/** docs/architecture.md section 2: https only, exact host, YouTube /embed/ID or Vimeo /video/NNN. */
function isAllowedEmbedUrl(src: string): boolean {
  if (src.length > MAX_URL_LENGTH || !/^https:\/\//i.test(src)) return false;
  if (squeeze(src) !== src || src.includes("\\")) return false;
  try {
    const url = new URL(src);
    const path = EMBED_PATHS[url.hostname];
    return url.protocol === "https:" && !url.username && !url.password && !url.port && !!path?.test(url.pathname);
  } catch {
    return false;
  }
}

/** An image address: one of our uploads (/media/...) or an http(s) address, nothing else. */
function isImageUrl(url: string): boolean {
  return (
    (url.startsWith("/media/") && !url.includes("..") && !url.includes("\\")) ||
    (/^https?:\/\//i.test(url) && isSafeUrl(url, IMAGE_SCHEMES))
  );
}

/**
 * `<img>` keeps src, alt, width, height, srcset, sizes and loading, each only with a well-formed
 * value. An image its writer gave no alt text gets an empty one, so screen readers pass over it
 * instead of reading out its address (docs/decisions/117-images-with-alt-text-and-captions.md).
 */
function imageRules(attrs: Record<string, string>): void {
  if (attrs.src !== undefined && !isImageUrl(attrs.src)) delete attrs.src;
  attrs.alt ??= "";
  for (const name of ["width", "height"])
    if (attrs[name] !== undefined && !/^\d{1,5}$/.test(attrs[name])) delete attrs[name];
  if (attrs.loading !== undefined && !["lazy", "eager"].includes(attrs.loading)) delete attrs.loading;
  if (attrs.sizes !== undefined && !/^[\w\s().,%:-]{1,200}$/.test(attrs.sizes)) delete attrs.sizes;
  if (attrs.srcset !== undefined) {
    const candidates = attrs.srcset
      .split(",")
      .map((c) => c.trim())
      .filter((c) => /^\S+(?:\s+\d+(?:\.\d+)?[wx])?$/.test(c) && isImageUrl(c.split(/\s+/)[0]!));
    if (candidates.length) attrs.srcset = candidates.join(", ");
    else delete attrs.srcset;
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "ol",
    "ul",
    "li",
    "blockquote",
    "pre",
    "code",
    "a",
    "span",
    "sub",
    "sup",
    "img",
    "iframe",
    "div",
    // An image with its caption (docs/decisions/117-images-with-alt-text-and-captions.md).
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    "*": ["class", "style"],
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height", "srcset", "sizes", "loading"],
    iframe: ["src", "width", "height", "frameborder", "allow", "allowfullscreen", "title"],
    li: ["data-list"],
    pre: ["spellcheck"],
    div: ["spellcheck", "data-language"],
  },
  allowedClasses: { "*": QUILL_CLASSES, div: DIV_CLASSES },
  allowedStyles: {
    "*": { color: COLOUR, "background-color": COLOUR, "text-align": [/^(?:left|right|center|justify)$/] },
  },
  allowedSchemes: IMAGE_SCHEMES,
  allowedSchemesByTag: { a: LINK_SCHEMES, img: IMAGE_SCHEMES, iframe: ["https"] },
  allowProtocolRelative: false,
  allowedIframeHostnames: Object.keys(EMBED_PATHS),
  allowIframeRelativeUrls: false,
  disallowedTagsMode: "discard",
  // Our own URL and link rules run before sanitize-html's (which stay on as a second net).
  transformTags: {
    "*": (tagName, attribs) => {
      const out = { ...attribs };
      const schemes = tagName === "a" ? LINK_SCHEMES : IMAGE_SCHEMES;
      // docs/product.md section 5: "any other link becomes a blank address", so a bad href or src is dropped.
      for (const name of ["href", "src"]) {
        const value = out[name];
        if (value !== undefined && !isSafeUrl(value, schemes)) delete out[name];
      }
      if (tagName === "a") {
        // A new tab must not get a handle on this page (window.opener).
        if (out.target === "_blank") out.rel = "noopener noreferrer";
        else delete out.target;
        if (out.rel !== undefined && out.target === undefined) {
          const rel = out.rel.split(/\s+/).filter((t) => ["nofollow", "noopener", "noreferrer", "ugc"].includes(t));
          if (rel.length) out.rel = rel.join(" ");
          else delete out.rel;
        }
      }
      if (tagName === "iframe" && out.src !== undefined && isAllowedEmbedUrl(out.src)) {
        out.src = new URL(out.src).href;
        // A frame needs an accessible name (docs/architecture.md section 8); posts saved before the editor
        // added one get the provider's player name here, on the way in and on the way out.
        if (!out.title?.trim()) out.title = videoTitle(out.src);
        // Valid HTML: allowfullscreen is a boolean attribute (Quill writes "true"), and frameborder
        // is obsolete (post-content.css draws no border).
        if (out.allowfullscreen !== undefined) out.allowfullscreen = "";
        delete out.frameborder;
      }
      if (tagName === "img") imageRules(out);
      if (out["data-list"] !== undefined && !LIST_TYPES.includes(out["data-list"])) delete out["data-list"];
      if (out.spellcheck !== undefined && !["true", "false"].includes(out.spellcheck)) delete out.spellcheck;
      if (out["data-language"] !== undefined && !/^[\w+#-]{1,30}$/.test(out["data-language"]))
        delete out["data-language"];
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => {
    // docs/architecture.md section 2: a foreign iframe goes entirely (never a blank frame, never srcdoc).
    if (frame.tag === "iframe") return !isAllowedEmbedUrl(frame.attribs.src ?? "");
    if (frame.tag === "img") return !frame.attribs.src;
    if (frame.tag === "div") {
      const classes = (frame.attribs.class ?? "").split(/\s+/);
      return classes.some((c) => DIV_CLASSES.includes(c)) ? false : "excludeTag";
    }
    return false;
  },
};

/** Sanitize post HTML with the allowlist above; safe to apply any number of times. */
export function sanitizeContent(html: string): string {
  const sent = typeof html === "string" ? html : "";
  // Too deep to parse in time (content-nesting.ts): its text, which parses at one level.
  return sanitizeHtml(nestsDeeperThan(sent) ? plainTextOf(sent) : sent, OPTIONS);
}
