import { diffWords } from "diff";
import { decodeEntities, embedProvider, parseAttributes } from "./embeds";

/**
 * Differences between two versions as a reader sees them, for the History panel's diff
 * (src/app/components/history/): words added and removed in a text (jsdiff's word diff), and a
 * post's HTML read as its text plus the images and embedded videos it shows. Isomorphic: the
 * HTML is our own sanitized HTML, read with patterns, never run.
 */
export type DiffPart = { value: string; change?: "added" | "removed" };

/** Words added and removed from `before` to `after`; whitespace changes alone are not shown. */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((part) => ({
    value: part.value,
    ...(part.added ? { change: "added" as const } : part.removed ? { change: "removed" as const } : {}),
  }));
}

/** Whether a diff shows any change at all. */
export const hasChange = (parts: readonly DiffPart[]) => parts.some((p) => p.change);

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre|div)>|<br\s*\/?>/gi;
const TAG = /<[^>]*>/g;

/** The text of content HTML, one paragraph a line, as a reader reads it. */
export function htmlText(html: string): string {
  const text = decodeEntities(
    html
      .replace(BLOCK_END, "\n")
      .replace(TAG, "")
      .replace(/&nbsp;/gi, " "),
  );
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** An image or an embedded player in content, named for a person: its alt text or its address. */
export type MediaItem = { kind: "image" | "video"; src: string; name: string };

const MEDIA_TAG = /<(img|iframe)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

export function mediaOf(html: string): MediaItem[] {
  const items: MediaItem[] = [];
  for (const m of html.matchAll(MEDIA_TAG)) {
    const attrs = parseAttributes(m[2] ?? "");
    if (!attrs.src) continue;
    if (m[1]!.toLowerCase() === "img") items.push({ kind: "image", src: attrs.src, name: attrs.alt || attrs.src });
    else {
      const provider = embedProvider(attrs.src);
      const name = provider === "vimeo" ? "Vimeo video" : provider === "youtube" ? "YouTube video" : "Embedded video";
      items.push({ kind: "video", src: attrs.src, name: `${name} (${attrs.src})` });
    }
  }
  return items;
}

/** The images and videos one version shows and the other does not. */
export function mediaChanges(before: string, after: string): { added: MediaItem[]; removed: MediaItem[] } {
  const was = mediaOf(before);
  const now = mediaOf(after);
  const missingFrom = (list: MediaItem[]) => (item: MediaItem) => !list.some((other) => other.src === item.src);
  return { added: now.filter(missingFrom(was)), removed: was.filter(missingFrom(now)) };
}
