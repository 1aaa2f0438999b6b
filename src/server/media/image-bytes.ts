import { imageSize } from "image-size";
import { MEDIA_MESSAGES, MEDIA_TYPES, type MediaExtension } from "~/shared/media";
import { HttpError } from "~/server/http/errors";
import { cleanBmp, cleanGif, cleanIco, cleanJpeg, cleanPng, cleanWebp, DamagedImageError } from "./metadata-strip";

/**
 * Recognises an upload by its bytes, never its name or declared type, and answers the bytes to
 * serve: metadata (EXIF with GPS, XMP, comments, text chunks) and anything after the image's end
 * marker removed, so nothing a camera or another program tucked in is published.
 */
export type InspectedImage = { ext: MediaExtension; type: (typeof MEDIA_TYPES)[MediaExtension]; bytes: Buffer };

/** 415 Unsupported Media Type (RFC 9110 section 15.5.16), with the reason. */
export class UnsupportedImageError extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}

const CLEANERS: Record<MediaExtension, (bytes: Buffer) => Buffer> = {
  png: cleanPng,
  gif: cleanGif,
  jpg: cleanJpeg,
  bmp: cleanBmp,
  ico: cleanIco,
  webp: cleanWebp,
};

/**
 * Markup a browser would act on if it ever read the file as a document or script. An image never
 * needs it, while a polyglot (a valid image that is also an HTML page) does, so such a file is
 * refused whole rather than cleaned. Tags from XMP packets (`<x:xmpmeta`, `<rdf:RDF`) do not match.
 */
const ACTIVE_MARKUP = /<(?:script|html|svg|body|iframe|object|embed|!doctype|\?php)[\s/>]/i;

export function sniffExtension(bytes: Buffer): MediaExtension | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpg";
  const head = bytes.toString("latin1", 0, 12);
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a")) return "gif";
  if (head.startsWith("RIFF") && head.slice(8, 12) === "WEBP") return "webp";
  if (head.startsWith("BM") && bytes.length > 26) return "bmp";
  if (starts(0, 0, 1, 0) && bytes.length > 6 && bytes.readUInt16LE(4) > 0) return "ico";
  return undefined;
}

function looksLikeSvg(bytes: Buffer): boolean {
  const start = bytes
    .toString("utf8", 0, 2048)
    .replace(/^\uFEFF/, "")
    .trimStart();
  return /^<(?:\?xml|svg|!--|!doctype svg)/i.test(start) && /<svg[\s>]/i.test(bytes.toString("utf8", 0, 64 * 1024));
}

export function inspectImage(upload: Buffer): InspectedImage {
  const ext = sniffExtension(upload);
  if (!ext)
    throw new UnsupportedImageError(looksLikeSvg(upload) ? MEDIA_MESSAGES.svgRefused : MEDIA_MESSAGES.unsupported);
  if (ACTIVE_MARKUP.test(upload.toString("latin1"))) throw new UnsupportedImageError(MEDIA_MESSAGES.polyglot);
  try {
    return { ext, type: MEDIA_TYPES[ext], bytes: CLEANERS[ext](upload) };
  } catch (error) {
    if (error instanceof DamagedImageError || error instanceof RangeError)
      throw new UnsupportedImageError(MEDIA_MESSAGES.damaged);
    throw error;
  }
}

/**
 * The resident memory one resize may take at most. Decoding holds the whole bitmap (the PNG and
 * JPEG decoders here cannot shrink while they read), so the pixel cap is what bounds it.
 */
export const RESIZE_MEMORY_BUDGET = 384 * 1024 * 1024;

/**
 * Pixels an upload may have unless MAX_IMAGE_PIXELS says otherwise: the budget over the bytes a
 * pixel costs at the peak of a resize, 16 as `npm run bench` measured it (docs/benchmarks.md,
 * docs/decisions/151-resize-memory-bounded.md), rounded down to a 24-megapixel camera's photo.
 */
export const DEFAULT_MAX_IMAGE_PIXELS = 24_000_000;

/**
 * Refuses an image whose header promises more than `maxPixels` before anything decodes it: a
 * small, highly compressed file can unpack to gigabytes (an image bomb). 413 Content Too Large
 * (RFC 9110 section 15.5.14) with the reason; a header the size cannot be read from is 415.
 */
export function checkPixels(bytes: Buffer, maxPixels: number): void {
  let size: { width: number; height: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new UnsupportedImageError(MEDIA_MESSAGES.damaged);
  }
  if (size.width * size.height > maxPixels)
    throw new HttpError(413, MEDIA_MESSAGES.tooManyPixels(Math.floor(maxPixels / 1_000_000)));
}
