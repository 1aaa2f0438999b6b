import { PACKAGE_FILES, readPackageText, resolvePackageFile } from "./package-files";
import { singleWorker } from "./single-worker";

/**
 * Jimp decodes and resizes in plain JavaScript, which holds the thread for seconds on a large
 * photo, so it runs in a worker thread and the server keeps answering meanwhile. The worker is
 * one script (below) that loads Jimp by path from node_modules, or, in the single executable,
 * from the bundled copy scripts/build-binary.ts embeds (docs/decisions/025-images-in-pure-javascript-and-webassembly.md).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
let Jimp;
if (workerData.jimpSource) {
  const module = { exports: {} };
  new Function("module", "exports", "require", workerData.jimpSource)(module, module.exports, require);
  Jimp = module.exports.Jimp;
} else {
  Jimp = require(workerData.jimpPath).Jimp;
}
// Box-averages the bitmap by the whole factor that keeps it at least \`room\` wide: Jimp's
// resampler keeps float rows of the source's whole height, several times a large photo's bitmap.
function shrink(image, room) {
  const { width, height, data } = image.bitmap;
  const f = Math.floor(width / room);
  if (f < 2) return;
  const w = Math.floor(width / f), h = Math.floor(height / f), out = Buffer.alloc(w * h * 4), n = f * f;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let dy = 0; dy < f; dy++) {
          const row = ((y * f + dy) * width + x * f) * 4 + c;
          for (let dx = 0; dx < f; dx++) sum += data[row + dx * 4];
        }
        out[(y * w + x) * 4 + c] = Math.round(sum / n);
      }
  image.bitmap = { data: out, width: w, height: h };
}
parentPort.on("message", async (message) => {
  const { id, target, widths } = message;
  try {
    const bytes = message.bytes;
    message.bytes = undefined;
    const image = await Jimp.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    shrink(image, widths[0]);
    const result = [];
    // Widest first, each copy resized from the one before: one bitmap at a time, never a clone.
    for (const width of widths) {
      image.resize({ w: width });
      result.push([width, target === "jpg" ? await image.getBuffer("image/jpeg", { quality: 82 }) : await image.getBuffer("image/png")]);
    }
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

const resize = singleWorker<[number, Uint8Array][]>(
  "resize",
  WORKER_SOURCE,
  () => {
    const jimp = readPackageText(PACKAGE_FILES.jimpBundle);
    return jimp === undefined ? { jimpPath: resolvePackageFile("jimp") } : { jimpSource: jimp };
  },
  // Ended as soon as no resize waits: a decoded photo's memory goes back to the system at once
  // rather than staying with an idle thread (docs/decisions/151-resize-memory-bounded.md).
  { idleMs: 0 },
);

/** The copies of `original` at each width, as JPEG or PNG. */
export async function resizeInWorker(
  original: Buffer,
  target: "jpg" | "png",
  widths: number[],
): Promise<Map<number, Buffer>> {
  const out = await resize({ bytes: original, target, widths });
  return new Map(out.map(([w, bytes]) => [w, Buffer.from(bytes)]));
}
