/**
 * What the post editor's HTML goes through before it is saved (docs/product.md section 4: editor-only
 * decorations stripped, the `justano` repair, video preservation). It runs in the browser only (the
 * editor's submit handlers), so it parses with the browser's own DOMParser, which builds an inert
 * document: nothing in it runs or loads. The input is Quill 2's `root.innerHTML`, or stored post
 * content (already sanitized by src/server/posts/content.ts); the output is serialized by the same
 * browser, so content that needs no change comes back as it went in.
 */
import { embedSrc } from "~/shared/embeds";

/** The children of `root` as the body of a parsed document. */
function parse(html: string): HTMLElement {
  const body = new DOMParser().parseFromString(html ?? "", "text/html").body;
  releaseSwallowedMarkup(body);
  return body;
}

/**
 * An `<iframe>` holds raw text, so one that is never closed takes the markup after it as its
 * text. That markup is parsed and put back after the frame, as a reader of the HTML would expect.
 */
function releaseSwallowedMarkup(root: HTMLElement): void {
  for (let frame = firstFrameWithText(root); frame; frame = firstFrameWithText(root)) {
    const markup = frame.textContent ?? "";
    frame.replaceChildren();
    frame.after(...new DOMParser().parseFromString(markup, "text/html").body.childNodes);
  }
}

const firstFrameWithText = (root: HTMLElement) =>
  [...root.querySelectorAll("iframe")].find((frame) => frame.childNodes.length > 0);

// Marked editor-only by whoever adds a decoration (docs/product.md section 4), plus what Quill 2 itself
// puts in root.innerHTML for the editor's sake: list markers (span.ql-ui), the collapsed-selection
// cursor (span.ql-cursor), and a video banner under any of the names such a banner is given.
const EDITOR_ONLY_CLASSES = [
  "editor-only",
  "ql-ui",
  "ql-cursor",
  "video-banner",
  "embedded-video-banner",
  "ql-video-banner",
  "editor-video-banner",
];
const CODE_BLOCK_CLASSES = ["ql-code-block-container", "ql-code-block"];

function isDecoration(element: Element): boolean {
  const marked = element.getAttribute("data-editor-only");
  if (marked !== null && marked !== "false") return true;
  if (EDITOR_ONLY_CLASSES.some((c) => element.classList.contains(c))) return true;
  // The blue "Embedded Video" banner: Quill 2 writes no <div> but code blocks, so a div whose
  // whole text is that label can only be the banner.
  if (element.localName === "div" && !CODE_BLOCK_CLASSES.some((c) => element.classList.contains(c))) {
    const label = (element.textContent ?? "")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()
      .toLowerCase();
    if (label === "embedded video" || label === "embedded videos") return true;
  }
  return false;
}

/** Removes editor-only elements with everything inside them. */
function removeDecorations(root: HTMLElement): void {
  for (const element of root.querySelectorAll("*")) {
    if (root.contains(element) && isDecoration(element)) element.remove();
  }
}

/**
 * An iframe whose tag name was rewritten to `justano` is an iframe again, with its attributes in
 * order. What the parser nested inside it (an unclosed `<justano>` takes what follows) goes after it.
 */
function repairJustanoElements(root: HTMLElement): void {
  for (const bogus of root.querySelectorAll("justano")) {
    const frame = bogus.ownerDocument.createElement("iframe");
    for (const { name, value } of bogus.attributes) frame.setAttribute(name, value);
    bogus.replaceWith(frame, ...bogus.childNodes);
  }
}

/**
 * The children of `html` as a parsed body, as they would be saved: the `justano` repair done and
 * editor-only decorations removed (content-blocks.ts reads a post's blocks from it).
 */
export function parseEditorHtml(html: string): HTMLElement {
  const root = parse(html);
  repairJustanoElements(root);
  removeDecorations(root);
  return root;
}

/** Removes editor-only decorations (docs/product.md section 4). */
export function stripEditorDecorations(html: string): string {
  const root = parse(html);
  removeDecorations(root);
  return root.innerHTML;
}

/** docs/product.md section 4 "Editor repair": `<justano>` back to `<iframe>`. */
export function repairJustano(html: string): string {
  const root = parse(html);
  repairJustanoElements(root);
  return root.innerHTML;
}

/** Every iframe in `html`, in order, as the browser writes it. */
export function extractIframes(html: string): string[] {
  return [...parse(html).querySelectorAll("iframe")].map((frame) => frame.outerHTML);
}

/** The `src` of the (first) iframe in `iframe`, as extractIframes writes them. */
export function iframeSrc(iframe: string): string | undefined {
  return parse(iframe).querySelector("iframe")?.getAttribute("src") ?? undefined;
}

/** What makes two iframes the same video: the canonical player address (http vs https,
 * protocol-relative, youtube.com vs www.youtube.com and `&amp;` do not matter). */
export function videoKey(src: string): string {
  return embedSrc(src) ?? src.trim();
}

/**
 * docs/product.md section 4 "Video preservation": the YouTube/Vimeo iframes of `original` that
 * `edited` lost are put back, in their original order, at evenly spaced positions between the
 * top-level blocks (paragraphs) of `edited`, or appended when it has fewer than two blocks. An
 * iframe still in `edited` is not added again (counted per video, so two copies of one video stay
 * two). `removed` lists the videos (their src) the writer deleted on purpose; those stay deleted.
 */
export function restoreLostIframes(original: string, edited: string, removed: Iterable<string> = []): string {
  const root = parse(edited);
  const lost = lostFrames(parse(original), root, removed);
  if (!lost.length) return edited;
  placeFrames(root, lost);
  return root.innerHTML;
}

function lostFrames(original: HTMLElement, edited: HTMLElement, removed: Iterable<string>): HTMLIFrameElement[] {
  const remaining = new Map<string, number>();
  const count = (key: string) => remaining.set(key, (remaining.get(key) ?? 0) + 1);
  for (const frame of edited.querySelectorAll("iframe")) count(videoKey(frame.getAttribute("src") ?? ""));
  for (const src of removed) count(videoKey(src));

  const lost: HTMLIFrameElement[] = [];
  for (const frame of original.querySelectorAll("iframe")) {
    const src = frame.getAttribute("src");
    // Only players the sanitizer keeps are worth restoring; any other frame would be dropped anyway.
    if (!src || !embedSrc(src)) continue;
    const key = videoKey(src);
    const left = remaining.get(key) ?? 0;
    if (left > 0) remaining.set(key, left - 1);
    else lost.push(frame);
  }
  return lost;
}

/** Frame i of n goes after block round(i * blocks / (n + 1)), never before the first block nor
 * after the last, so they spread over the post in their original order. */
function placeFrames(root: HTMLElement, frames: HTMLIFrameElement[]): void {
  const blocks = [...root.children];
  if (blocks.length < 2) {
    root.append(...frames);
    return;
  }
  const lastPlacedAfter = new Map<Element, Element>();
  frames.forEach((frame, i) => {
    const after = Math.min(blocks.length - 1, Math.max(1, Math.round(((i + 1) * blocks.length) / (frames.length + 1))));
    const block = blocks[after - 1]!;
    (lastPlacedAfter.get(block) ?? block).after(frame);
    lastPlacedAfter.set(block, frame);
  });
}

/**
 * The editor's HTML as it should be saved: the `justano` repair, editor-only decorations removed,
 * and, when editing an existing post, its videos that the editor lost put back. Call it on submit
 * with the editor's value, the post's content as loaded for editing (omit when creating), and the
 * videos the writer removed (PostEditor's `onRemovedVideosChange`). The server still sanitizes.
 */
export function prepareContentForSave(html: string, original?: string, removed: Iterable<string> = []): string {
  const root = parse(html);
  repairJustanoElements(root);
  removeDecorations(root);
  if (original) {
    const before = parse(original);
    repairJustanoElements(before);
    removeDecorations(before);
    const lost = lostFrames(before, root, removed);
    if (lost.length) placeFrames(root, lost);
  }
  return root.innerHTML;
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
  const root = parse(html);
  removeDecorations(root);
  return !root.querySelector("iframe, img") && !(root.textContent ?? "").trim();
}
