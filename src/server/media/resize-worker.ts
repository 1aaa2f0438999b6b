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
parentPort.on("message", async ({ id, bytes, target, widths }) => {
  try {
    const image = await Jimp.read(Buffer.from(bytes));
    const result = [];
    for (const width of widths) {
      const copy = image.clone().resize({ w: width });
      result.push([width, target === "jpg" ? await copy.getBuffer("image/jpeg", { quality: 82 }) : await copy.getBuffer("image/png")]);
    }
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

const resize = singleWorker<[number, Uint8Array][]>("resize", WORKER_SOURCE, () => {
  const jimp = readPackageText(PACKAGE_FILES.jimpBundle);
  return jimp === undefined ? { jimpPath: resolvePackageFile("jimp") } : { jimpSource: jimp };
});

/** The copies of `original` at each width, as JPEG or PNG. */
export async function resizeInWorker(
  original: Buffer,
  target: "jpg" | "png",
  widths: number[],
): Promise<Map<number, Buffer>> {
  const out = await resize({ bytes: original, target, widths });
  return new Map(out.map(([w, bytes]) => [w, Buffer.from(bytes)]));
}
