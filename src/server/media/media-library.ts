import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { imageSize } from "image-size";
import {
  MEDIA_TYPES,
  MEDIA_URL,
  VARIANT_WIDTHS,
  type MediaExtension,
  type ResponsiveImage,
  type UploadResult,
} from "~/shared/media";
import { writeFileDurably } from "~/server/store/durable-file-adapter";
import { inspectImage } from "./image-bytes";
import { isMediaName, MEDIA_CACHE_FOLDER, MEDIA_FOLDER, MEDIA_NAME } from "./media-names";
import { makeVariants, variantExtension, variantWidths } from "./variants";

/**
 * The uploaded images of a data folder (docs/architecture.md section 4): originals in
 * `DATA_DIR/media/<sha256>.<ext>`, written durably like db.json and named by their content, so
 * the same picture uploaded twice is one file; resized copies in `DATA_DIR/media-cache/`, which
 * can always be made again and so is left out of backups.
 */
export { MEDIA_CACHE_FOLDER, MEDIA_FOLDER };

export type StoredImage = UploadResult & { name: string; hash: string; ext: MediaExtension; createdAt: string };

export type MediaFile = { file: string; type: string; etag: string };

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;

const NAME = MEDIA_NAME;

export function createMediaLibrary(dataDir: string) {
  const dir = path.join(dataDir, MEDIA_FOLDER);
  const cacheDir = path.join(dataDir, MEDIA_CACHE_FOLDER);
  let index: Promise<Map<string, StoredImage>> | undefined;
  let images: Map<string, StoredImage> | undefined;
  /** Copies being made, per original, so a burst of requests makes them once. */
  const making = new Map<string, Promise<void>>();

  function describe(name: string, bytes: Buffer, createdAt: string): StoredImage {
    const [, hash, ext] = NAME.exec(name)! as unknown as [string, string, MediaExtension];
    const size = imageSize(bytes);
    const turned = (size.orientation ?? 1) >= 5; // EXIF orientations 5-8 swap width and height
    return {
      name,
      hash,
      ext,
      url: `/${MEDIA_FOLDER}/${name}`,
      type: MEDIA_TYPES[ext],
      width: turned ? size.height : size.width,
      height: turned ? size.width : size.height,
      bytes: bytes.length,
      createdAt,
    };
  }

  /** Read once from the folder: each file's header gives its size. */
  function load(): Promise<Map<string, StoredImage>> {
    index ??= (async () => {
      const images = new Map<string, StoredImage>();
      let names: string[] = [];
      try {
        names = (await fs.readdir(dir)).filter(isMediaName);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
      for (const name of names) {
        const file = path.join(dir, name);
        try {
          const [bytes, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
          const image = describe(name, bytes, stat.mtime.toISOString());
          images.set(image.hash, image);
        } catch (error) {
          console.error(`Skipping unreadable image ${file}:`, error);
        }
      }
      return images;
    })();
    return index;
  }

  async function store(bytes: Buffer, ext: MediaExtension): Promise<StoredImage> {
    const images = await load();
    const hash = createHash("sha256").update(bytes).digest("hex");
    const known = images.get(hash);
    if (known) return known;
    const name = `${hash}.${ext}`;
    const image = describe(name, bytes, new Date().toISOString());
    await fs.mkdir(dir, { recursive: true });
    try {
      await writeFileDurably(path.join(dir, name), bytes, { exclusive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    images.set(hash, image);
    return image;
  }

  async function makeCopies(image: StoredImage): Promise<void> {
    const widths = variantWidths(image.ext, image.width);
    if (widths.length === 0) return;
    let pending = making.get(image.hash);
    pending ??= (async () => {
      const missing: number[] = [];
      for (const w of widths) if (!(await exists(variantPath(image, w)))) missing.push(w);
      if (missing.length === 0) return;
      const copies = await makeVariants(await fs.readFile(path.join(dir, image.name)), image.ext, missing);
      await fs.mkdir(cacheDir, { recursive: true });
      for (const [w, bytes] of copies) await writeFileDurably(variantPath(image, w), bytes);
    })().finally(() => making.delete(image.hash));
    making.set(image.hash, pending);
    return pending;
  }

  const variantPath = (image: StoredImage, width: number) =>
    path.join(cacheDir, `${image.hash}-${width}w.${variantExtension(image.ext)}`);

  return {
    dir,

    /** Checks, cleans and stores an upload (415 for anything but an image of the accepted types). */
    async upload(upload: Buffer): Promise<StoredImage> {
      const { bytes, ext } = inspectImage(upload);
      const image = await store(bytes, ext);
      // Off the request path: the copies are made after the answer, and a page asking first waits for them.
      setImmediate(() =>
        makeCopies(image).catch((error: unknown) => console.error(`Resizing ${image.name} failed:`, error)),
      );
      return image;
    },

    /** Puts back an image from a backup; refuses bytes that do not match their name. */
    async restore(name: string, bytes: Buffer): Promise<boolean> {
      const match = NAME.exec(name);
      if (!match || createHash("sha256").update(bytes).digest("hex") !== match[1]) return false;
      if ((await load()).has(match[1])) return true;
      await store(bytes, match[2] as MediaExtension);
      return true;
    },

    async list(): Promise<StoredImage[]> {
      return [...(await load()).values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    async byHash(hash: string): Promise<StoredImage | undefined> {
      return (await load()).get(hash);
    },

    async read(image: StoredImage): Promise<Buffer> {
      return fs.readFile(path.join(dir, image.name));
    },

    async remove(image: StoredImage): Promise<void> {
      (await load()).delete(image.hash);
      await fs.rm(path.join(dir, image.name), { force: true });
      const copies = VARIANT_WIDTHS.map((w) => variantPath(image, w));
      await Promise.all(copies.map((file) => fs.rm(file, { force: true })));
    },

    /** The file behind a /media URL path, or undefined: only names the pattern allows ever reach the disk. */
    async locate(urlPath: string): Promise<MediaFile | undefined> {
      const match = MEDIA_URL.exec(urlPath);
      if (!match) return undefined;
      const [, hash, width, ext] = match;
      const image = (await load()).get(hash!);
      if (!image) return undefined;
      if (width === undefined) {
        if (ext !== image.ext) return undefined;
        return { file: path.join(dir, image.name), type: image.type, etag: `"${image.hash}"` };
      }
      const w = Number(width);
      const copyExt = variantExtension(image.ext);
      if (!copyExt || !variantWidths(image.ext, image.width).includes(w) || ext !== copyExt) return undefined;
      const original = { file: path.join(dir, image.name), type: image.type, etag: `"${image.hash}"` };
      try {
        await makeCopies(image);
      } catch (error) {
        // A picture the resizer cannot read is still a picture: the srcset entry gets the original.
        console.error(`Resizing ${image.name} failed:`, error);
        return original;
      }
      return { file: variantPath(image, w), type: MEDIA_TYPES[copyExt], etag: `"${image.hash}-${w}"` };
    },

    /** Resolves once the folder has been read, after which `responsive` knows every image. */
    ready: async () => {
      images = await load();
    },

    /**
     * What a page needs to show an image: for one of ours, its size and the srcset of its copies;
     * any other address as it is. Call `ready` first.
     */
    responsive(url: string): ResponsiveImage {
      const match = MEDIA_URL.exec(url);
      const image = match && match[2] === undefined ? images?.get(match[1]!) : undefined;
      if (!image) return { src: url };
      const widths = variantWidths(image.ext, image.width);
      const copyExt = variantExtension(image.ext);
      const srcSet = widths.length
        ? [
            ...widths.map((w) => `/${MEDIA_FOLDER}/${image.hash}-${w}w.${copyExt} ${w}w`),
            `${image.url} ${image.width}w`,
          ].join(", ")
        : undefined;
      return { src: image.url, width: image.width, height: image.height, ...(srcSet && { srcSet }) };
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
