import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { writeFileDurably } from "~/server/store/durable-file-adapter";
import type { Post } from "~/server/store/types";
import type { MediaLibrary } from "./media-library";
import { isMediaName, MEDIA_FOLDER } from "./media-names";
import { postMediaHashes } from "./media-refs";

/**
 * The images a backup carries (docs/decisions/026-backups-carry-their-images.md): every upload
 * the backed-up posts show, by file name, as base64 inside the backup file, so the one file is
 * enough to bring the posts back with their pictures, even into an empty data folder.
 */
export type BackupMedia = Record<string, string>;

export async function collectMedia(dataDir: string, posts: readonly Post[]): Promise<BackupMedia> {
  const wanted = new Set<string>();
  for (const post of posts) for (const hash of postMediaHashes(post)) wanted.add(hash);
  if (wanted.size === 0) return {};
  const dir = path.join(dataDir, MEDIA_FOLDER);
  let names: string[] = [];
  try {
    names = (await fs.readdir(dir)).filter((name) => isMediaName(name) && wanted.has(name.slice(0, 64)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const media: BackupMedia = {};
  for (const name of names.sort()) media[name] = (await fs.readFile(path.join(dir, name))).toString("base64");
  return media;
}

/** True when the bytes are the ones the content-hash name promises. */
export function mediaMatchesName(name: string, base64: string): boolean {
  return (
    isMediaName(name) && createHash("sha256").update(Buffer.from(base64, "base64")).digest("hex") === name.slice(0, 64)
  );
}

/**
 * Puts a backup's images back into the data folder, before its posts: through the running
 * server's library (so it knows them at once), or straight into the folder from the command line.
 * Images already there are left alone; the content-hash names make them the same bytes.
 */
export async function restoreMedia(dataDir: string, media: BackupMedia, library?: MediaLibrary): Promise<number> {
  let count = 0;
  for (const [name, base64] of Object.entries(media)) {
    const bytes = Buffer.from(base64, "base64");
    if (library) {
      await library.restore(name, bytes);
    } else {
      const dir = path.join(dataDir, MEDIA_FOLDER);
      await fs.mkdir(dir, { recursive: true });
      try {
        await writeFileDurably(path.join(dir, name), bytes, { exclusive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
    count++;
  }
  return count;
}
