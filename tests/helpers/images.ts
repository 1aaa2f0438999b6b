import { Jimp } from "jimp";
import { crc32, deflateSync } from "node:zlib";

/** Real images made on the spot, so the tests need no binary fixtures. */
export async function makeImage(
  width: number,
  height: number,
  mime: "image/png" | "image/jpeg" | "image/bmp" | "image/gif" = "image/png",
  seed = 1,
) {
  const image = new Jimp({ width, height, color: 0x4f46e5ff });
  const data = image.bitmap.data;
  for (let i = 0; i < data.length; i += 4) {
    const p = i / 4;
    data[i] = ((p % width) * 255) / width;
    data[i + 1] = (Math.floor(p / width) * 255) / height;
    data[i + 2] = (seed * 37) & 255;
  }
  return mime === "image/jpeg" ? image.getBuffer(mime, { quality: 90 }) : image.getBuffer(mime);
}

/**
 * An EXIF APP1 segment (EXIF 2.32, big-endian TIFF) with a camera make, an orientation and a GPS
 * position, inserted right after a JPEG's SOI marker, as a phone camera writes it.
 */
export const EXIF_MAKE = "SecretCam-9000";

export function withExifGps(jpeg: Buffer, orientation = 1): Buffer {
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), exifTiff(orientation)]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}

/** The TIFF structure of an EXIF block: IFD0 with the make and orientation, and a GPS IFD. */
function exifTiff(orientation: number): Buffer {
  const make = Buffer.from(`${EXIF_MAKE}\0`, "latin1");
  const t = Buffer.alloc(200);
  t.write("MM\0*", 0, "latin1");
  t.writeUInt32BE(8, 4);
  // IFD0 at 8: three entries (Make, Orientation, GPS IFD pointer), next IFD 0.
  t.writeUInt16BE(3, 8);
  const entry = (n: number, tag: number, type: number, count: number, value: number, short = false) => {
    const at = 10 + n * 12;
    t.writeUInt16BE(tag, at);
    t.writeUInt16BE(type, at + 2);
    t.writeUInt32BE(count, at + 4);
    if (short) t.writeUInt16BE(value, at + 8);
    else t.writeUInt32BE(value, at + 8);
  };
  const makeAt = 10 + 3 * 12 + 4; // after the entries and the next-IFD offset
  entry(0, 0x010f, 2, make.length, makeAt);
  entry(1, 0x0112, 3, 1, orientation, true);
  const gpsAt = makeAt + make.length + (make.length % 2);
  entry(2, 0x8825, 4, 1, gpsAt);
  make.copy(t, makeAt);
  // GPS IFD: GPSLatitudeRef "N" and GPSLatitude 51/1, 30/1, 0/1.
  t.writeUInt16BE(2, gpsAt);
  const latAt = gpsAt + 2 + 2 * 12 + 4;
  t.writeUInt16BE(0x0001, gpsAt + 2);
  t.writeUInt16BE(2, gpsAt + 4);
  t.writeUInt32BE(2, gpsAt + 6);
  t.write("N\0", gpsAt + 10, "latin1");
  t.writeUInt16BE(0x0002, gpsAt + 14);
  t.writeUInt16BE(5, gpsAt + 16);
  t.writeUInt32BE(3, gpsAt + 18);
  t.writeUInt32BE(latAt, gpsAt + 22);
  [51, 1, 30, 1, 0, 1].forEach((v, k) => t.writeUInt32BE(v, latAt + k * 4));
  return t.subarray(0, latAt + 24);
}

/** An XMP packet naming the author and a place, as photo editors write it. */
export const XMP_AUTHOR = "Jane Photographer";
const xmp = Buffer.from(
  `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
    `<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="${XMP_AUTHOR}"/></rdf:RDF></x:xmpmeta>`,
);

/** Text left after an image's end, as when a file is glued to a picture. */
export const TRAILER = Buffer.from("PK\x03\x04 secret-archive.txt");

/** A PNG chunk (ISO/IEC 15948 section 5.3): length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG with EXIF (eXIf), XMP (iTXt) and a comment (tEXt) after its header, and a trailer after IEND. */
export function pngWithMetadata(png: Buffer): Buffer {
  const afterHeader = 8 + 25; // signature, then IHDR: 4 + 4 + 13 + 4
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk("eXIf", exifTiff(1)),
    pngChunk("iTXt", Buffer.concat([Buffer.from("XML:com.adobe.xmp\0\0\0\0\0", "latin1"), xmp])),
    pngChunk("tEXt", Buffer.from(`Comment\0Shot on ${EXIF_MAKE}`, "latin1")),
    png.subarray(afterHeader),
    TRAILER,
  ]);
}

/** A lossless 1 by 1 WebP (RFC 9649 section 3), the smallest real one: its VP8L chunk. */
const WEBP_VP8L = Buffer.from("VlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");

/** A RIFF chunk: four-letter type, little-endian size, data padded to an even length. */
function riffChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, "latin1");
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

/**
 * That 1 by 1 picture in the extended WebP layout (RFC 9649 section 3.7), with EXIF and XMP chunks,
 * their flags and a trailer when `metadata`, without them otherwise.
 */
export function extendedWebp({ metadata }: { metadata: boolean }): Buffer {
  const vp8x = Buffer.alloc(10); // flags, three reserved bytes, canvas width - 1 and height - 1 (24 bits each)
  if (metadata) vp8x[0] = 0x08 | 0x04; // EXIF and XMP present
  const chunks = [riffChunk("VP8X", vp8x), WEBP_VP8L];
  if (metadata) chunks.push(riffChunk("EXIF", exifTiff(1)), riffChunk("XMP ", xmp));
  const webp = riffChunk("RIFF", Buffer.concat([Buffer.from("WEBP", "latin1"), ...chunks]));
  return metadata ? Buffer.concat([webp, TRAILER]) : webp;
}

/** An icon (ICONDIR and one ICONDIRENTRY) holding one square `png`. */
export function icon(png: Buffer, size: number): Buffer {
  const head = Buffer.alloc(6 + 16);
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(1, 4); // one picture
  head[6] = size;
  head[7] = size;
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(head.length, 18);
  return Buffer.concat([head, png]);
}

/** A valid black-and-white PNG of this size: a million pixels of one colour compress to almost nothing. */
export function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // 1 bit per pixel, greyscale (colour type 0)
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // filter byte 0 and zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
