import { createHash } from "node:crypto";
import type { Post } from "~/server/store/types";
import type { MediaLibrary } from "./media-library";
import { isMediaName } from "./media-names";
import type { MediaOriginals } from "./media-originals";
import { postMediaHashes } from "./media-refs";

/**
 * The images a backup carries (docs/decisions/026-backups-carry-their-images.md): every upload
 * the backed-up posts show, by file name, as base64 inside the backup file, so the one file is
 * enough to bring the posts back with their pictures, even into an empty data folder.
 */
export type BackupMedia = Record<string, string>;

/** Where collectMedia reads images from: a MediaOriginals, or the running server's MediaLibrary. */
export type MediaSource = Pick<MediaOriginals, "list" | "read">;

export async function collectMedia(
  originals: MediaSource,
  posts: readonly Post[],
  also: ReadonlySet<string> = new Set(),
): Promise<BackupMedia> {
  const wanted = new Set<string>(also);
  for (const post of posts) for (const hash of postMediaHashes(post)) wanted.add(hash);
  if (wanted.size === 0) return {};
  const found = (await originals.list(wanted)).filter((image) => wanted.has(image.hash));
  const media: BackupMedia = {};
  for (const image of found.sort((a, b) => a.name.localeCompare(b.name)))
    media[image.name] = (await originals.read(image)).toString("base64");
  return media;
}

/** True when the bytes are the ones the content-hash name promises. */
export function mediaMatchesName(name: string, base64: string): boolean {
  return (
    isMediaName(name) && createHash("sha256").update(Buffer.from(base64, "base64")).digest("hex") === name.slice(0, 64)
  );
}

/**
 * Puts a backup's images back, before its posts, through the library (so it knows them at once).
 * Images already there are left alone; the content-hash names make them the same bytes.
 */
export async function restoreMedia(media: BackupMedia, library: MediaLibrary): Promise<number> {
  for (const [name, base64] of Object.entries(media)) await library.restore(name, Buffer.from(base64, "base64"));
  return Object.keys(media).length;
}
