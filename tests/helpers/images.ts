import { Jimp } from "jimp";

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
  const tiff = t.subarray(0, latAt + 24);
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}
