/**
 * Video embeds for the post editor (docs/product.md section 5 "Editor paste rules", section 9 sizes): which
 * pasted URLs and embed codes become videos, and the iframe `src` they get. Pure functions on
 * strings (WHATWG URL only, no DOM), so the browser editor and the Node tests share them.
 *
 * Every `src` made here passes src/server/posts/content.ts: https, exact host, YouTube `/embed/ID` or
 * Vimeo `/video/N` (docs/architecture.md section 2 "HTML safety").
 */

export type EmbedProvider = "youtube" | "vimeo";
export type Embed = { provider: EmbedProvider; src: string; width: number; height: number };
export type Notice = { title: string; description: string };

// docs/product.md section 9: "YouTube embed 560x315; Vimeo 640x360".
export const YOUTUBE_SIZE = { width: 560, height: 315 } as const;
export const VIMEO_SIZE = { width: 640, height: 360 } as const;

const notice = (title: string, description: string): Notice => ({ title, description });

// docs/product.md section 8 "Editor notices".
export const VIDEOS_FOUND_NOTICE = notice(
  "Embedded videos found",
  "This post contains embedded videos. They stay in the post when you save it.",
);
/** Where the editor notes that it showed VIDEOS_FOUND_NOTICE for a post, which is then not shown again. */
export const videosNoticePath = (postId: number) => `/api/cms/posts/${postId}/videos-notice`;
export const EMBED_CODE_NOTICE = notice(
  "Video embed code added",
  "The pasted YouTube or Vimeo embed code was kept as an embedded video.",
);
export const EMBED_CODE_REFUSED_NOTICE = notice(
  "Embed code not supported",
  "Only YouTube and Vimeo videos can be embedded; the pasted embed was left out.",
);
export const YOUTUBE_URL_NOTICE = notice(
  "YouTube video embedded",
  "The pasted YouTube link was turned into an embedded video (560×315).",
);
export const VIMEO_URL_NOTICE = notice(
  "Vimeo video embedded",
  "The pasted Vimeo link was turned into an embedded video (640×360).",
);

// docs/product.md section 5: a YouTube video id is exactly 11 characters.
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
// The privacy hash of an unlisted Vimeo video (`vimeo.com/123/abcdef1234`), sent to the player as `?h=`.
const VIMEO_HASH = /^[\da-f]{6,20}$/i;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const YOUTUBE_EMBED_HOSTS = new Set([
  "www.youtube.com",
  "www.youtube-nocookie.com",
  "youtube.com",
  "youtube-nocookie.com",
]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com"]);
const VIMEO_PLAYER_HOST = "player.vimeo.com";

/**
 * Parses a pasted link: http(s) or protocol-relative or bare (`youtu.be/ID`), one token, no
 * credentials and no explicit port. The host is compared exactly later, so
 * `youtube.com.evil.example` or `evil.example/youtube.com/...` never match.
 */
function parseLink(text: string): URL | undefined {
  const value = typeof text === "string" ? text.trim() : "";
  if (!value || /\s/.test(value) || value.includes("\\")) return undefined;
  let candidate = value;
  if (value.startsWith("//")) candidate = `https:${value}`;
  else if (!/^[a-z][a-z\d+.-]*:/i.test(value)) candidate = `https://${value}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  if (url.username || url.password || url.port) return undefined;
  return url;
}

/** Path segments without empty ones: "/shorts/ID/" gives ["shorts", "ID"]. */
function segments(url: URL): string[] {
  return url.pathname.split("/").filter(Boolean);
}

function validYoutubeId(id: string | null | undefined): string | undefined {
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

/**
 * The 11-character id of a YouTube video link: `youtube.com/watch?v=ID` (any other parameters,
 * www./m./music. hosts), `youtu.be/ID`, `youtube.com/shorts/ID`, `/embed/ID`, `/live/ID`, `/v/ID`.
 */
export function youtubeId(url: string): string | undefined {
  const parsed = parseLink(url);
  if (!parsed) return undefined;
  const host = parsed.hostname;
  const parts = segments(parsed);
  if (host === "youtu.be" || host === "www.youtu.be") return parts.length === 1 ? validYoutubeId(parts[0]) : undefined;
  if (YOUTUBE_HOSTS.has(host) || YOUTUBE_EMBED_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === "watch" && YOUTUBE_HOSTS.has(host))
      return validYoutubeId(parsed.searchParams.get("v"));
    if (parts.length === 2 && ["shorts", "embed", "live", "v"].includes(parts[0]!)) {
      // youtube-nocookie.com serves embeds only.
      if (host.includes("nocookie") && parts[0] !== "embed") return undefined;
      return validYoutubeId(parts[1]);
    }
  }
  return undefined;
}

/** The numeric id of a Vimeo link: `vimeo.com/123456` (optionally `/HASH` of an unlisted video)
 * or `player.vimeo.com/video/123456`. */
export function vimeoId(url: string): string | undefined {
  return parseVimeo(url)?.id;
}

function parseVimeo(url: string): { id: string; hash?: string } | undefined {
  const parsed = parseLink(url);
  if (!parsed) return undefined;
  const parts = segments(parsed);
  if (VIMEO_HOSTS.has(parsed.hostname)) {
    const [id, hash] = parts;
    if (!id || !VIMEO_ID.test(id) || parts.length > 2) return undefined;
    if (hash !== undefined && !VIMEO_HASH.test(hash)) return undefined;
    return { id, hash: hash ?? parsed.searchParams.get("h") ?? undefined };
  }
  if (parsed.hostname === VIMEO_PLAYER_HOST && parts.length === 2 && parts[0] === "video" && VIMEO_ID.test(parts[1]!)) {
    return { id: parts[1]!, hash: parsed.searchParams.get("h") ?? undefined };
  }
  return undefined;
}

/**
 * docs/product.md section 5: a pasted YouTube watch/short URL or Vimeo numeric URL becomes an embedded video,
 * YouTube 560x315 at `https://www.youtube.com/embed/ID`, Vimeo 640x360 at
 * `https://player.vimeo.com/video/ID` (with `?h=HASH` for an unlisted Vimeo video, which needs it).
 * Anything else (text around the URL, other hosts) gives undefined.
 */
export function embedFromUrl(text: string): Embed | undefined {
  const yt = youtubeId(text);
  if (yt) return { provider: "youtube", src: `https://www.youtube.com/embed/${yt}`, ...YOUTUBE_SIZE };
  const vimeo = parseVimeo(text);
  if (vimeo) {
    const hash = vimeo.hash && VIMEO_HASH.test(vimeo.hash) ? `?h=${vimeo.hash}` : "";
    return { provider: "vimeo", src: `https://player.vimeo.com/video/${vimeo.id}${hash}`, ...VIMEO_SIZE };
  }
  return undefined;
}

/**
 * The canonical `src` for an iframe that shows a YouTube or Vimeo player, or undefined for any
 * other frame. The host and path must be what src/server/posts/content.ts keeps (`/embed/[\w-]+` on
 * www.youtube.com or www.youtube-nocookie.com, `/video/N` on player.vimeo.com); a protocol-relative
 * or http address is upgraded to https; the query (start time, Vimeo's `h`) is kept.
 */
export function embedSrc(src: string): string | undefined {
  const parsed = parseLink(decodeEntities(src));
  if (!parsed) return undefined;
  const parts = segments(parsed);
  let host = parsed.hostname;
  if (YOUTUBE_EMBED_HOSTS.has(host)) {
    if (parts.length !== 2 || parts[0] !== "embed" || !/^[\w-]+$/.test(parts[1]!)) return undefined;
    host = host.startsWith("www.") ? host : `www.${host}`;
  } else if (host === VIMEO_PLAYER_HOST) {
    if (parts.length !== 2 || parts[0] !== "video" || !VIMEO_ID.test(parts[1]!)) return undefined;
  } else {
    return undefined;
  }
  return `https://${host}/${parts.join("/")}${parsed.search}${parsed.hash}`;
}

/** Which player an embed `src` belongs to (after embedSrc). */
export function embedProvider(src: string): EmbedProvider | undefined {
  const canonical = embedSrc(src);
  if (!canonical) return undefined;
  return canonical.startsWith(`https://${VIMEO_PLAYER_HOST}/`) ? "vimeo" : "youtube";
}

/** The default size of a player (docs/product.md section 9). */
export function embedSize(src: string): { width: number; height: number } {
  return embedProvider(src) === "vimeo" ? VIMEO_SIZE : YOUTUBE_SIZE;
}

/** A player's accessible name when its code gives none (WCAG 4.1.2, axe's frame-title rule):
 * Quill's video blot keeps no title, so the editor gives every video one. */
export function videoTitle(src: string): string {
  return embedProvider(src) === "vimeo" ? "Vimeo video player" : "YouTube video player";
}

/** The attributes of one start tag's attribute text (`src="a" width=5 allowfullscreen`). */
export function parseAttributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of text.matchAll(pattern)) {
    const name = m[1]!.toLowerCase();
    if (!(name in out)) out[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return out;
}

/** The few character references an attribute in embed code carries (`&amp;` between parameters). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (whole, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith("#x")) return safeCodePoint(parseInt(lower.slice(2), 16)) ?? whole;
    if (lower.startsWith("#")) return safeCodePoint(parseInt(lower.slice(1), 10)) ?? whole;
    return ({ amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" } as Record<string, string>)[lower] ?? whole;
  });
}

function safeCodePoint(n: number): string | undefined {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}

const IFRAME_TAG = /<iframe\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

function size(value: string | undefined, fallback: number): number {
  return value && /^\d{1,4}$/.test(value.trim()) && Number(value) > 0 ? Number(value) : fallback;
}

/**
 * The videos in pasted embed code, in order, with the size the code asks for (else the provider's
 * default). YouTube's share code is a bare `<iframe>`; Vimeo's wraps it in a `<div>` and adds a
 * `<script>`, which are not kept (the script never runs in a post).
 */
export function embedsFromCode(html: string): Embed[] {
  const embeds: Embed[] = [];
  for (const m of html.matchAll(IFRAME_TAG)) {
    const attributes = parseAttributes(m[1] ?? "");
    const src = embedSrc(attributes.src ?? "");
    if (!src) continue;
    const base = embedSize(src);
    embeds.push({
      provider: embedProvider(src)!,
      src,
      width: size(attributes.width, base.width),
      height: size(attributes.height, base.height),
    });
  }
  return embeds;
}

/** True when `html` is nothing but iframes, their wrappers, scripts and whitespace. */
function isFramesOnly(html: string): boolean {
  if (typeof html !== "string" || !/<iframe\b/i.test(html)) return false;
  const rest = html
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\/?[a-z][\w:-]*(?:[^>"']|"[^"]*"|'[^']*')*>/gi, "");
  return /^[\s\u00a0]*$/.test(decodeEntities(rest.replace(/&nbsp;/gi, " ")));
}

/**
 * True when `html` is embed code: at least one `<iframe>`, every iframe a YouTube or Vimeo player,
 * and nothing else but wrappers, scripts and whitespace (so a pasted article that happens to hold
 * an iframe is handled as HTML, not swallowed as a video).
 */
export function isEmbedCode(html: string): boolean {
  return isFramesOnly(html) && embedsFromCode(html).length === [...html.matchAll(IFRAME_TAG)].length;
}

/** True when `html` is embed code for something other than a YouTube or Vimeo player. */
export function isForeignEmbedCode(html: string): boolean {
  return isFramesOnly(html) && !isEmbedCode(html);
}
