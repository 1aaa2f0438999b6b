/**
 * Per-format walkers that copy an image's structure and leave out its metadata, never decoding
 * pixels, so the served bytes are the uploaded picture, bit for bit, without the EXIF (GPS,
 * camera serials), XMP, IPTC, comments or text chunks. Each stops at the format's end marker, so
 * data appended after the image (a zip, a second picture) is dropped too. A structure that runs
 * past the end of the file throws DamagedImageError.
 */
export class DamagedImageError extends Error {}

function need(condition: boolean): asserts condition {
  if (!condition) throw new DamagedImageError("damaged image");
}

// JPEG (ITU T.81 annex B; EXIF 2.32; ICC.1 annex B.4).
const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);

export function cleanJpeg(b: Buffer): Buffer {
  const out: Buffer[] = [SOI];
  let orientation = 1;
  let scanned = false;
  let i = 2;
  while (i < b.length) {
    need(b[i] === 0xff);
    while (b[i + 1] === 0xff) i++; // fill bytes
    const marker = b[i + 1]!;
    i += 2;
    if (marker === 0xd9) {
      need(scanned); // a header with no picture data after it (a size promised, nothing to decode)
      if (orientation !== 1) out.splice(afterApp0(out), 0, orientationExif(orientation));
      out.push(EOI);
      return Buffer.concat(out);
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      out.push(b.subarray(i - 2, i));
      continue;
    }
    need(i + 2 <= b.length);
    const length = b.readUInt16BE(i);
    need(length >= 2 && i + length <= b.length);
    const segment = b.subarray(i - 2, i + length);
    const body = b.subarray(i + 2, i + length);
    i += length;
    if (marker === 0xe1) {
      if (body.toString("latin1", 0, 6) === "Exif\0\0") orientation = readOrientation(body.subarray(6));
    } else if (marker >= 0xe2 && marker <= 0xef) {
      // Kept: the colour profile (APP2 ICC_PROFILE) and Adobe's colour transform flag (APP14).
      const id = body.toString("latin1", 0, 12);
      if ((marker === 0xe2 && id === "ICC_PROFILE\0") || (marker === 0xee && id.startsWith("Adobe"))) out.push(segment);
    } else if (marker !== 0xfe) {
      out.push(segment);
    }
    if (marker === 0xda) {
      scanned = true;
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      let j = i;
      while (j < b.length - 1 && !(b[j] === 0xff && b[j + 1] !== 0 && !(b[j + 1]! >= 0xd0 && b[j + 1]! <= 0xd7))) j++;
      need(j < b.length - 1);
      out.push(b.subarray(i, j));
      i = j;
    }
  }
  throw new DamagedImageError("no end of image");
}

function afterApp0(out: Buffer[]): number {
  const first = out[1];
  return first && first[1] === 0xe0 ? 2 : 1;
}

/** Orientation (tag 0x0112) from a TIFF structure: the one EXIF value that changes how the picture looks. */
function readOrientation(tiff: Buffer): number {
  try {
    const le = tiff.toString("latin1", 0, 2) === "II";
    const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
    const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
    const ifd = u32(4);
    const count = u16(ifd);
    for (let n = 0; n < count; n++) {
      const entry = ifd + 2 + n * 12;
      if (u16(entry) === 0x0112) {
        const value = u16(entry + 8);
        return value >= 1 && value <= 8 ? value : 1;
      }
    }
  } catch {
    // An unreadable EXIF block is dropped like any other.
  }
  return 1;
}

/** A minimal APP1 EXIF segment holding only the orientation, so a rotated phone photo stays upright. */
function orientationExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write("MM\0*", 0, "latin1");
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

// PNG (ISO/IEC 15948, and APNG's acTL/fcTL/fdAT): every chunk that draws the picture is kept.
const PNG_KEEP = new Set([
  "IHDR",
  "PLTE",
  "IDAT",
  "IEND",
  "tRNS",
  "gAMA",
  "cHRM",
  "sRGB",
  "iCCP",
  "sBIT",
  "pHYs",
  "bKGD",
  "acTL",
  "fcTL",
  "fdAT",
]);

export function cleanPng(b: Buffer): Buffer {
  const out: Buffer[] = [b.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= b.length) {
    const length = b.readUInt32BE(i);
    const type = b.toString("latin1", i + 4, i + 8);
    need(i + 12 + length <= b.length);
    need(i > 8 || type === "IHDR");
    if (PNG_KEEP.has(type)) out.push(b.subarray(i, i + 12 + length));
    i += 12 + length;
    if (type === "IEND") return Buffer.concat(out);
  }
  throw new DamagedImageError("no IEND");
}

// GIF (GIF89a specification): comments and application blocks other than the loop count go.
export function cleanGif(b: Buffer): Buffer {
  need(b.length >= 13);
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  let i = 13 + colourTable(b[10]!);
  const out: Buffer[] = [b.subarray(0, i)];
  const skipBlocks = (from: number) => {
    let j = from;
    for (;;) {
      need(j < b.length);
      const size = b[j]!;
      j += 1 + size;
      if (size === 0) return j;
    }
  };
  while (i < b.length) {
    const kind = b[i];
    if (kind === 0x3b) {
      out.push(b.subarray(i, i + 1));
      return Buffer.concat(out);
    }
    if (kind === 0x2c) {
      need(i + 10 <= b.length);
      const end = skipBlocks(i + 10 + colourTable(b[i + 9]!) + 1);
      out.push(b.subarray(i, end));
      i = end;
    } else if (kind === 0x21) {
      need(i + 2 < b.length);
      const label = b[i + 1]!;
      const end = skipBlocks(i + 2);
      const app = b.toString("latin1", i + 3, i + 14);
      if (label === 0xf9 || label === 0x01 || (label === 0xff && (app === "NETSCAPE2.0" || app === "ANIMEXTS1.0"))) {
        out.push(b.subarray(i, end));
      }
      i = end;
    } else {
      throw new DamagedImageError("unknown GIF block");
    }
  }
  throw new DamagedImageError("no GIF trailer");
}

// WebP (RIFF container, RFC 9649): EXIF and XMP chunks go, with their flags in VP8X.
export function cleanWebp(b: Buffer): Buffer {
  const end = 8 + b.readUInt32LE(4);
  need(end <= b.length);
  const out: Buffer[] = [];
  let i = 12;
  while (i + 8 <= end) {
    const type = b.toString("latin1", i, i + 4);
    const size = b.readUInt32LE(i + 4);
    const next = i + 8 + size + (size % 2);
    need(next <= end);
    if (type === "VP8X") {
      const chunk = Buffer.from(b.subarray(i, next));
      chunk[8] = chunk[8]! & ~0x0c; // EXIF (0x08) and XMP (0x04) present flags
      out.push(chunk);
    } else if (type !== "EXIF" && type !== "XMP ") {
      out.push(b.subarray(i, next));
    }
    i = next;
  }
  need(out.length > 0);
  const body = Buffer.concat(out);
  const header = Buffer.from("RIFF\0\0\0\0WEBP", "latin1");
  header.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([header, body]);
}

/** BMP carries no metadata; the declared file size bounds it, so appended data goes. */
export function cleanBmp(b: Buffer): Buffer {
  const size = b.readUInt32LE(2);
  const pixels = b.readUInt32LE(10);
  need(size >= 26 && size <= b.length && pixels < size);
  return b.subarray(0, size);
}

/** ICO: the directory says where each picture ends; nothing past the last one is kept. */
export function cleanIco(b: Buffer): Buffer {
  const count = b.readUInt16LE(4);
  let end = 6 + count * 16;
  need(end <= b.length);
  for (let n = 0; n < count; n++) {
    const entry = 6 + n * 16;
    end = Math.max(end, b.readUInt32LE(entry + 12) + b.readUInt32LE(entry + 8));
  }
  need(end <= b.length);
  return b.subarray(0, end);
}
