import type { MediaExtension } from "~/shared/media";
import { resizeInWorker } from "./resize-worker";
import { VARIANT_WIDTHS } from "~/shared/media";

/**
 * Resized copies for srcset, made with Jimp, which is plain JavaScript and so runs unchanged in
 * the single executable (docs/decisions/025-images-in-pure-javascript-and-webassembly.md).
 * GIF keeps its animation only as the original, WebP has no decoder here and icons are small,
 * so those are served as uploaded; BMP copies are PNG.
 */
const RESIZABLE: Partial<Record<MediaExtension, "jpg" | "png">> = { jpg: "jpg", png: "png", bmp: "png" };

export function variantExtension(ext: MediaExtension): "jpg" | "png" | undefined {
  return RESIZABLE[ext];
}

/** The widths worth making for an image this wide: each narrower than the original. */
export function variantWidths(ext: MediaExtension, width: number): number[] {
  return variantExtension(ext) ? VARIANT_WIDTHS.filter((w) => w < width) : [];
}

/** Decodes once and answers every copy; EXIF orientation is applied, so copies carry none. */
export async function makeVariants(
  original: Buffer,
  ext: MediaExtension,
  widths: number[],
): Promise<Map<number, Buffer>> {
  const out = new Map<number, Buffer>();
  const target = variantExtension(ext);
  if (!target || widths.length === 0) return out;
  return resizeInWorker(
    original,
    target,
    [...widths].sort((a, b) => b - a),
  );
}
