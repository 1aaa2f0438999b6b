/**
 * What the post editor's HTML goes through before it is saved (SPEC section 4: editor-only
 * decorations stripped, the `justano` repair, video preservation). String work only, no DOM, so
 * it runs the same in the browser and in Node tests. The input is Quill 2's `root.innerHTML`
 * (well-formed), or stored post content (already sanitized by src/server/content.ts).
 */
import { embedSrc, parseAttributes } from "../../shared/embeds";

// A comment, or a start/end tag whose quoted attribute values may hold ">".
const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

type Tag = { start: number; end: number; closing: boolean; name: string; attributes: string; selfClosing: boolean };

function* tags(html: string): Generator<Tag> {
  for (const m of html.matchAll(TAG)) {
    if (!m[2]) continue; // a comment
    const attributes = m[3] ?? "";
    yield {
      start: m.index,
      end: m.index + m[0].length,
      closing: m[1] === "/",
      name: m[2].toLowerCase(),
      attributes,
      selfClosing: /\/\s*$/.test(attributes),
    };
  }
}

function opensElement(tag: Tag): boolean {
  return !tag.closing && !tag.selfClosing && !VOID.has(tag.name);
}

/** Where the element that `open` starts ends: after its matching end tag, or after `open` itself
 * for a void, self-closed or never-closed element. */
function elementEnd(html: string, open: Tag): number {
  if (!opensElement(open)) return open.end;
  let depth = 0;
  for (const tag of tags(html.slice(open.end))) {
    if (tag.name !== open.name) continue;
    if (tag.closing) {
      if (depth === 0) return open.end + tag.end;
      depth--;
    } else if (opensElement(tag)) {
      depth++;
    }
  }
  return open.end;
}

function textOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|\u00a0/gi, " ");
}

function classes(attributes: Record<string, string>): string[] {
  return (attributes.class ?? "").split(/\s+/).filter(Boolean);
}

// Marked editor-only by whoever adds a decoration (SPEC section 4), plus what Quill 2 itself puts
// in root.innerHTML for the editor's sake: list markers (span.ql-ui), the collapsed-selection
// cursor (span.ql-cursor), and a video banner under any of the names such a banner is given.
const EDITOR_ONLY_CLASSES = new Set([
  "editor-only", "ql-ui", "ql-cursor", "video-banner", "embedded-video-banner", "ql-video-banner", "editor-video-banner",
]);
const CODE_BLOCK_CLASSES = ["ql-code-block-container", "ql-code-block"];

function isDecoration(html: string, tag: Tag): boolean {
  const attributes = parseAttributes(tag.attributes);
  if ("data-editor-only" in attributes && attributes["data-editor-only"] !== "false") return true;
  const list = classes(attributes);
  if (list.some((c) => EDITOR_ONLY_CLASSES.has(c))) return true;
  // The blue "Embedded Video" banner (SPEC section 4): Quill 2 writes no <div> but code blocks,
  // so a div whose whole text is that label can only be the banner.
  if (tag.name === "div" && !list.some((c) => CODE_BLOCK_CLASSES.includes(c))) {
    const inner = html.slice(tag.end, elementEnd(html, tag));
    const label = textOf(inner).replace(/[^\p{L}\p{N}]+/gu, " ").trim().toLowerCase();
    if (label === "embedded video" || label === "embedded videos") return true;
  }
  return false;
}

/** Removes editor-only elements with everything inside them (SPEC section 4). */
export function stripEditorDecorations(html: string): string {
  let out = "";
  let from = 0;
  for (const tag of tags(html)) {
    if (tag.closing || tag.start < from) continue;
    if (!isDecoration(html, tag)) continue;
    out += html.slice(from, tag.start);
    from = elementEnd(html, tag);
  }
  return out + html.slice(from);
}

/**
 * SPEC section 4 "Editor repair": an iframe whose tag name was rewritten to `justano` is an iframe
 * again; a lone or self-closed `<justano>` gets its end tag, and a stray end tag goes.
 */
export function repairJustano(html: string): string {
  return html
    .replace(/<justano\b((?:[^>"']|"[^"]*"|'[^']*')*?)\s*\/?>(?:\s*<\/justano\s*>)?/gi, (_, attributes: string) => `<iframe${attributes}></iframe>`)
    .replace(/<\/justano\s*>/gi, "");
}

// One iframe: its start tag, and its end tag unless another iframe starts first (never closed).
const IFRAME = /<iframe\b(?:[^>"']|"[^"]*"|'[^']*')*>(?:(?:(?!<iframe\b)[\s\S])*?<\/iframe\s*>)?/gi;

/** Every iframe in `html`, as written there, in order. */
export function extractIframes(html: string): string[] {
  return html.match(IFRAME) ?? [];
}

/** The `src` of one iframe as written by extractIframes. */
export function iframeSrc(iframe: string): string | undefined {
  const open = /^<iframe\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i.exec(iframe);
  return open ? parseAttributes(open[1] ?? "").src : undefined;
}

/** What makes two iframes the same video: the canonical player address (http vs https,
 * protocol-relative, youtube.com vs www.youtube.com and `&amp;` do not matter). */
export function videoKey(src: string): string {
  return embedSrc(src) ?? src.trim();
}

/** Where each top-level element of `html` ends, in order. */
function topLevelEnds(html: string): number[] {
  const ends: number[] = [];
  const open: string[] = [];
  for (const tag of tags(html)) {
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at === -1) continue;
      open.length = at;
      if (!open.length) ends.push(tag.end);
    } else if (opensElement(tag)) {
      open.push(tag.name);
    } else if (!open.length) {
      ends.push(tag.end);
    }
  }
  return ends;
}

/**
 * SPEC section 4 "Video preservation": the YouTube/Vimeo iframes of `original` that `edited` lost
 * are put back, in their original order, at evenly spaced positions between the top-level blocks
 * (paragraphs) of `edited`, or appended when it has fewer than two blocks. An iframe still in
 * `edited` is not added again (counted per video, so two copies of one video stay two). `removed`
 * lists the videos (their src) the writer deleted on purpose in the editor; those stay deleted.
 */
export function restoreLostIframes(original: string, edited: string, removed: Iterable<string> = []): string {
  const remaining = new Map<string, number>();
  const count = (key: string, by: number) => remaining.set(key, (remaining.get(key) ?? 0) + by);
  for (const frame of extractIframes(edited)) count(videoKey(iframeSrc(frame) ?? ""), 1);
  for (const src of removed) count(videoKey(src), 1);

  const lost: string[] = [];
  for (const frame of extractIframes(original)) {
    const src = iframeSrc(frame);
    // Only players the sanitizer keeps are worth restoring; any other frame would be dropped anyway.
    if (!src || !embedSrc(src)) continue;
    const key = videoKey(src);
    const left = remaining.get(key) ?? 0;
    if (left > 0) remaining.set(key, left - 1);
    else lost.push(/<\/iframe\s*>$/i.test(frame) ? frame : `${frame}</iframe>`);
  }
  if (!lost.length) return edited;

  const ends = topLevelEnds(edited);
  const blocks = ends.length;
  if (blocks < 2) return edited + lost.join("");
  // Frame i of n goes after block round(i * blocks / (n + 1)), never before the first block nor
  // after the last, so they spread over the post in their original order.
  const inserts = new Map<number, string>();
  lost.forEach((frame, i) => {
    const after = Math.min(blocks - 1, Math.max(1, Math.round(((i + 1) * blocks) / (lost.length + 1))));
    const at = ends[after - 1]!;
    inserts.set(at, (inserts.get(at) ?? "") + frame);
  });
  let out = "";
  let from = 0;
  for (const at of [...inserts.keys()].sort((a, b) => a - b)) {
    out += edited.slice(from, at) + inserts.get(at);
    from = at;
  }
  return out + edited.slice(from);
}

/**
 * The editor's HTML as it should be saved: the `justano` repair, editor-only decorations removed,
 * and, when editing an existing post, its videos that the editor lost put back. Call it on submit
 * with the editor's value, the post's content as loaded for editing (omit when creating), and the
 * videos the writer removed (PostEditor's `onRemovedVideosChange`). The server still sanitizes.
 */
export function prepareContentForSave(html: string, original?: string, removed: Iterable<string> = []): string {
  const cleaned = stripEditorDecorations(repairJustano(html ?? ""));
  if (!original) return cleaned;
  return restoreLostIframes(stripEditorDecorations(repairJustano(original)), cleaned, removed);
}

/** An image address the content policy keeps: http(s), or an upload of this site (`/media/...`).
 * Post images are stored as addresses, never as base64 data: URLs. */
export function isImageAddress(src: string): boolean {
  const value = typeof src === "string" ? src.trim() : "";
  if (value.startsWith("/media/")) return !value.includes("..") && !value.includes("\\");
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** True when the editor holds no text and no embed (Quill's empty document is `<p><br></p>`). */
export function isEditorEmpty(html: string): boolean {
  const cleaned = stripEditorDecorations(html ?? "");
  return !/<(?:iframe|img)\b/i.test(cleaned) && !textOf(cleaned).trim();
}
