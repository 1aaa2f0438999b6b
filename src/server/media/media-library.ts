import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { MEDIA_TYPES, MEDIA_URL, VARIANT_WIDTHS, type MediaExtension, type ResponsiveImage } from "~/shared/media";
import { writeFileDurably } from "~/server/store/durable-file-adapter";
import { makeFolder } from "~/server/store/make-folder";
import { checkPixels, DEFAULT_MAX_IMAGE_PIXELS, inspectImage } from "./image-bytes";
import { MEDIA_CACHE_FOLDER, MEDIA_FOLDER, MEDIA_NAME } from "./media-names";
import { describeImage, folderOriginals, type MediaOriginals, type StoredImage } from "./media-originals";
import { makeVariants, variantExtension, variantWidths } from "./variants";

/**
 * The uploaded images (docs/architecture.md section 4): originals kept by a MediaOriginals (the
 * data folder's `media/`, or PostgreSQL's `media` table, docs/decisions/044-postgres-media-and-backups.md),
 * named by their content, so the same picture uploaded twice is one image; resized copies in this
 * instance's `DATA_DIR/media-cache/`, which can always be made again and so is left out of backups.
 */
export { MEDIA_CACHE_FOLDER, MEDIA_FOLDER };
export type { StoredImage };

export type MediaFile = { file: string; type: string; etag: string };

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;

const NAME = MEDIA_NAME;

export function createMediaLibrary(
  dataDir: string,
  originals: MediaOriginals = folderOriginals(dataDir),
  { maxPixels = DEFAULT_MAX_IMAGE_PIXELS }: { maxPixels?: number } = {},
) {
  const cacheDir = path.join(dataDir, MEDIA_CACHE_FOLDER);
  let index: Promise<Map<string, StoredImage>> | undefined;
  let images: Map<string, StoredImage> | undefined;
  /** Copies being made, per original, so a burst of requests makes them once. */
  const making = new Map<string, Promise<void>>();

  /** Read once: after that, this instance's own changes and the others' events keep it current. */
  function load(): Promise<Map<string, StoredImage>> {
    index ??= originals.list().then((list) => {
      images = new Map(list.map((image) => [image.hash, image]));
      return images;
    });
    return index;
  }

  originals.watch((event) => {
    if ("reload" in event) {
      index = undefined;
      void load().catch((error: unknown) => console.error("Could not read the list of images:", error));
    } else if ("added" in event) {
      void load().then((known) => known.set(event.added.hash, event.added));
    } else {
      void load().then((known) => {
        const gone = known.get(event.removed);
        known.delete(event.removed);
        if (gone) return removeCopies(gone);
      });
    }
  });

  /** Known here, or stored by another instance a moment ago (its notice may not have arrived yet). */
  async function lookUp(hash: string): Promise<StoredImage | undefined> {
    const known = await load();
    const image = known.get(hash) ?? (await originals.find(hash));
    if (image) known.set(hash, image);
    return image;
  }

  /** Stores the bytes unless an image of the same hash is known; `hash` when the caller has it already. */
  async function store(
    bytes: Buffer,
    ext: MediaExtension,
    hash = createHash("sha256").update(bytes).digest("hex"),
  ): Promise<StoredImage> {
    const known = await lookUp(hash);
    if (known) return known;
    const image = describeImage(`${hash}.${ext}`, bytes, new Date().toISOString());
    await originals.put(image, bytes);
    (await load()).set(hash, image);
    return image;
  }

  /** Copies to make once an upload is answered. */
  const afterUploads = new Set<Promise<void>>();

  async function makeCopies(image: StoredImage): Promise<void> {
    const widths = variantWidths(image.ext, image.width);
    if (widths.length === 0) return;
    let pending = making.get(image.hash);
    pending ??= (async () => {
      const missing: number[] = [];
      for (const w of widths) if (!(await exists(variantPath(image, w)))) missing.push(w);
      if (missing.length === 0) return;
      const copies = await makeVariants(await originals.read(image), image.ext, missing);
      await makeFolder(cacheDir);
      for (const [w, bytes] of copies) await writeFileDurably(variantPath(image, w), bytes);
    })().finally(() => making.delete(image.hash));
    making.set(image.hash, pending);
    return pending;
  }

  async function removeCopies(image: StoredImage): Promise<void> {
    const copies = VARIANT_WIDTHS.map((w) => variantPath(image, w));
    await Promise.all(copies.map((file) => fs.rm(file, { force: true })));
  }

  const variantPath = (image: StoredImage, width: number) =>
    path.join(cacheDir, `${image.hash}-${width}w.${variantExtension(image.ext)}`);

  return {
    /** This instance's folder of things that can always be made again (resized copies, social cards). */
    cacheDir,

    /**
     * Checks, cleans and stores an upload (415 for anything but an image of the accepted types,
     * 413 for more than `maxPixels`).
     */
    async upload(upload: Buffer): Promise<StoredImage> {
      const { bytes, ext } = inspectImage(upload);
      checkPixels(bytes, maxPixels);
      const image = await store(bytes, ext);
      // Off the request path: the copies are made after the answer, and a page asking first waits for them.
      const later = new Promise((resolve) => setImmediate(resolve))
        .then(() => makeCopies(image))
        .catch((error: unknown) => console.error(`Resizing ${image.name} failed:`, error))
        .finally(() => afterUploads.delete(later));
      afterUploads.add(later);
      return image;
    },

    /** Puts back an image from a backup; refuses bytes that do not match their name. */
    async restore(name: string, bytes: Buffer): Promise<boolean> {
      const match = NAME.exec(name);
      if (!match || createHash("sha256").update(bytes).digest("hex") !== match[1]) return false;
      await store(bytes, match[2] as MediaExtension, match[1]);
      return true;
    },

    async list(): Promise<StoredImage[]> {
      return [...(await load()).values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    byHash: lookUp,

    read: (image: StoredImage): Promise<Buffer> => originals.read(image),

    /** Gone for every instance: the others hear of it from the originals' store. */
    async remove(image: StoredImage): Promise<void> {
      (await load()).delete(image.hash);
      await originals.remove(image);
      await removeCopies(image);
    },

    /** The file behind a /media URL path, or undefined: only names the pattern allows ever reach the disk. */
    async locate(urlPath: string): Promise<MediaFile | undefined> {
      const match = MEDIA_URL.exec(urlPath);
      if (!match) return undefined;
      const [, hash, width, ext] = match;
      const image = await lookUp(hash!);
      if (!image) return undefined;
      // Another instance may have removed the original since `lookUp`: then it is not found here either.
      const original = async () => {
        const file = await originals.file(image).catch(unlessGone);
        return file === undefined ? undefined : { file, type: image.type, etag: `"${image.hash}"` };
      };
      if (width === undefined) return ext === image.ext ? original() : undefined;
      const w = Number(width);
      const copyExt = variantExtension(image.ext);
      if (!copyExt || !variantWidths(image.ext, image.width).includes(w) || ext !== copyExt) return undefined;
      try {
        await makeCopies(image);
      } catch (error) {
        if (isGone(error)) return undefined;
        // A picture the resizer cannot read is still a picture: the srcset entry gets the original.
        console.error(`Resizing ${image.name} failed:`, error);
        return original();
      }
      return { file: variantPath(image, w), type: MEDIA_TYPES[copyExt], etag: `"${image.hash}-${w}"` };
    },

    /**
     * Resolves once the copies being made are written: a stopping server waits for them, so none
     * is left writing into a folder that is going (a test's) or half-made.
     */
    async settled(): Promise<void> {
      await Promise.allSettled([...afterUploads, ...making.values()]);
    },

    /** Resolves once the folder has been read, after which `responsive` knows every image. */
    ready: async () => {
      await load();
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

const isGone = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";

/** Undefined for an original that is gone (ENOENT, from either kind of originals); other errors go on. */
function unlessGone(error: unknown): undefined {
  if (isGone(error)) return undefined;
  throw error;
}
