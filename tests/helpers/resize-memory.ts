import { runScript } from "./node-script";

/** The process's resident memory around one upload of a large image: before, at its highest, and after. */
export type ResizeMemory = { status: number; pixels: number; before: number; peak: number; after: number };

/**
 * Uploads a `side` x `side` PNG (a flat colour, so the file is small while the bitmap is not) to a
 * media library in a Node process of its own, waits for its resized copies, and samples the
 * process's resident size every 5 ms; `after` is read once the copies are made and the
 * collector ran. `maxPixels` is the library's cap (its default unless given). Used by the
 * resize-memory test and by `npm run bench`, which picks the default cap from it.
 */
export async function measureResizeMemory(side: number, maxPixels?: number): Promise<ResizeMemory> {
  const { code, stdout } = await runScript(`
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { crc32, Deflate } from "node:zlib";
import { createMediaLibrary } from "./src/server/media/media-library.ts";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");
const side = ${side};
// A PNG written by hand one row at a time, so making it never holds the bitmap here.
const chunk = (type, data) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), data])), 0);
  return Buffer.concat([head, data, crc]);
};
const header = Buffer.alloc(13);
header.writeUInt32BE(side, 0);
header.writeUInt32BE(side, 4);
header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, no interlace
const row = Buffer.alloc(1 + side * 4, 0x80);
row[0] = 0; // filter: none
const rows = Buffer.alloc(row.length * 64);
for (let i = 0; i < 64; i++) row.copy(rows, i * row.length);
const deflate = new Deflate({ level: 9 });
const parts = [];
deflate.on("data", (part) => parts.push(part));
for (let written = 0; written < side; written += 64)
  await new Promise((done) => deflate.write(rows.subarray(0, Math.min(64, side - written) * row.length), done));
await new Promise((done) => deflate.end(done));
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk("IHDR", header),
  chunk("IDAT", Buffer.concat(parts)),
  chunk("IEND", Buffer.alloc(0)),
]);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "resize-memory-"));
const media = createMediaLibrary(dir, undefined, ${maxPixels === undefined ? "{}" : `{ maxPixels: ${maxPixels} }`});
await media.ready();
for (let i = 0; i < 3; i++) gc();
const rss = () => process.memoryUsage().rss;
const before = rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 5);
let status = 201;
try {
  const image = await media.upload(png);
  await media.locate("/media/" + image.hash + "-480w.png"); // waits for the copies
} catch (error) {
  status = error.status ?? 500;
  if (status === 500) console.error(error);
}
clearInterval(sampler);
await new Promise((done) => setTimeout(done, 200));
for (let i = 0; i < 3; i++) gc();
const after = rss();
fs.rmSync(dir, { recursive: true, force: true });
process.stdout.write(JSON.stringify({ status, pixels: side * side, before, peak, after }));
`);
  if (code !== 0) throw new Error(`the resize-memory script ended with ${code}`);
  return JSON.parse(stdout) as ResizeMemory;
}
