import { Worker } from "node:worker_threads";
import { PACKAGE_FILES, readPackageText, resolvePackageFile } from "./package-files";

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
    const out = [];
    for (const width of widths) {
      const copy = image.clone().resize({ w: width });
      out.push([width, target === "jpg" ? await copy.getBuffer("image/jpeg", { quality: 82 }) : await copy.getBuffer("image/png")]);
    }
    parentPort.postMessage({ id, out });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

type Answer = { id: number; out?: [number, Uint8Array][]; error?: string };

/**
 * A decode that needs more than this ends the worker (ERR_WORKER_OUT_OF_MEMORY), not the server:
 * the upload's pixel limit keeps honest images well inside it, and a page then gets the original
 * (media-library.ts).
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 };

let worker: Worker | undefined;
let nextId = 0;
/** An idle worker holds Jimp and its last pictures' memory; it stops after this long without work. */
const IDLE_MS = 30_000;
let idle: NodeJS.Timeout | undefined;
const pending = new Map<number, { resolve: (out: Map<number, Buffer>) => void; reject: (error: Error) => void }>();

function start(): Worker {
  const jimp = readPackageText(PACKAGE_FILES.jimpBundle);
  const workerData = jimp === undefined ? { jimpPath: resolvePackageFile("jimp") } : { jimpSource: jimp };
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData, resourceLimits: RESOURCE_LIMITS });
  started.unref(); // an idle worker never keeps the process alive
  started.on("message", ({ id, out, error }: Answer) => {
    const call = pending.get(id);
    pending.delete(id);
    if (!pending.size) {
      started.unref();
      idle = setTimeout(() => {
        if (worker === started) worker = undefined; // new work starts a fresh worker
        void started.terminate();
      }, IDLE_MS).unref();
    }
    if (error !== undefined || !out) call?.reject(new Error(error ?? "no answer"));
    else call?.resolve(new Map(out.map(([w, bytes]) => [w, Buffer.from(bytes)])));
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  started.on("error", fail);
  started.on("exit", (code) => {
    if (worker === started) fail(new Error(`the resize worker stopped (${code})`));
  });
  return started;
}

/** The copies of `original` at each width, as JPEG or PNG. */
export function resizeInWorker(
  original: Buffer,
  target: "jpg" | "png",
  widths: number[],
): Promise<Map<number, Buffer>> {
  clearTimeout(idle);
  worker ??= start();
  const id = ++nextId;
  const running = worker;
  running.ref(); // work in flight: let it finish before an exit
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    running.postMessage({ id, bytes: original, target, widths });
  });
}
