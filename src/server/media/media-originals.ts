import fs from "node:fs/promises";
import path from "node:path";
import { imageSize } from "image-size";
import { MEDIA_TYPES, type MediaExtension, type UploadResult } from "~/shared/media";
import { writeFileDurably } from "~/server/store/durable-file-adapter";
import { makeFolder } from "~/server/store/make-folder";
import { isMediaName, MEDIA_FOLDER, MEDIA_NAME } from "./media-names";

export type StoredImage = UploadResult & { name: string; hash: string; ext: MediaExtension; createdAt: string };

/** What another instance did to the originals: added one, removed one, or "read them all again". */
export type OriginalsEvent = { added: StoredImage } | { removed: string } | { reload: true };

/**
 * Where the uploaded originals' bytes live, behind one interface
 * (docs/decisions/044-postgres-media-and-backups.md): the data folder's `media/` (folderOriginals),
 * or PostgreSQL's `media` table for several instances (pg-media-originals.ts). Names are the
 * content's hash, so bytes under a name never change and any copy of them is as good as another.
 */
export type MediaOriginals = {
  /**
   * Every original, described; with `only`, at least those whose hash it holds (a store whose
   * list costs a read of each file reads just those).
   */
  list(only?: ReadonlySet<string>): Promise<StoredImage[]>;
  /** One stored since `list` (by another instance); undefined when there is none. */
  find(hash: string): Promise<StoredImage | undefined>;
  /** Stores the bytes under `image.name`; an original already there is left alone (same bytes). */
  put(image: StoredImage, bytes: Buffer): Promise<void>;
  read(image: StoredImage): Promise<Buffer>;
  /** A file on this machine holding the bytes, for sendFile. */
  file(image: StoredImage): Promise<string>;
  /** Removes it here and for every instance. */
  remove(image: StoredImage): Promise<void>;
  /** Told what other instances change; one listener, the library's. */
  watch(listener: (event: OriginalsEvent) => void): void;
};

/** An original's entry from its name, its size and when it was stored. */
export function imageEntry(
  name: string,
  { width, height, bytes }: Pick<StoredImage, "width" | "height" | "bytes">,
  createdAt: string,
): StoredImage {
  const [, hash, ext] = MEDIA_NAME.exec(name)! as unknown as [string, string, MediaExtension];
  return { name, hash, ext, url: `/${MEDIA_FOLDER}/${name}`, type: MEDIA_TYPES[ext], width, height, bytes, createdAt };
}

/** An original's entry from its name and bytes: the header gives its size. */
export function describeImage(name: string, bytes: Buffer, createdAt: string): StoredImage {
  const size = imageSize(bytes);
  const turned = (size.orientation ?? 1) >= 5; // EXIF orientations 5-8 swap width and height
  return imageEntry(
    name,
    { width: turned ? size.height : size.width, height: turned ? size.width : size.height, bytes: bytes.length },
    createdAt,
  );
}

/**
 * A data folder's originals, `DATA_DIR/media/<sha256>.<ext>` (docs/architecture.md section 4),
 * written durably like db.json. One process holds the folder, so nothing changes behind it.
 */
export function folderOriginals(dataDir: string): MediaOriginals {
  const dir = path.join(dataDir, MEDIA_FOLDER);
  const fileOf = (image: StoredImage) => path.join(dir, image.name);
  return {
    async list(only) {
      let names: string[] = [];
      try {
        const wanted = (name: string) => !only || only.has(MEDIA_NAME.exec(name)![1]!);
        names = (await fs.readdir(dir)).filter((name) => isMediaName(name) && wanted(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
      const images: StoredImage[] = [];
      for (const name of names) {
        const file = path.join(dir, name);
        try {
          const [bytes, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
          images.push(describeImage(name, bytes, stat.mtime.toISOString()));
        } catch (error) {
          console.error(`Skipping unreadable image ${file}:`, error);
        }
      }
      return images;
    },
    find: () => Promise.resolve(undefined),
    async put(image, bytes) {
      await makeFolder(dir);
      try {
        await writeFileDurably(fileOf(image), bytes, { exclusive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        return;
      }
      // The file's time is the upload's (`list` reads it back), also for one copied from the database.
      const at = new Date(image.createdAt);
      await fs.utimes(fileOf(image), at, at);
    },
    read: (image) => fs.readFile(fileOf(image)),
    file: (image) => Promise.resolve(fileOf(image)),
    remove: (image) => fs.rm(fileOf(image), { force: true }),
    watch: () => undefined,
  };
}
