import { SOCIAL_CARD } from "~/shared/media";
import { PACKAGE_FILES, readPackageFile, readPackageText, resolvePackageFile, type PackageFile } from "./package-files";
import { singleWorker } from "./single-worker";

/**
 * Social cards are laid out by satori and drawn by resvg (WebAssembly), 90-750 ms a card, so they
 * are drawn in a worker thread and the server keeps answering meanwhile. Like the resize worker,
 * the script loads both by path from node_modules or, in the single executable, from the bundle
 * scripts/build-binary.ts embeds; the WebAssembly and the fonts come from package-files.ts.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
let satori, resvg;
if (workerData.bundleSource) {
  const module = { exports: {} };
  new Function("module", "exports", "require", workerData.bundleSource)(module, module.exports, require);
  ({ satori, resvg } = module.exports);
} else {
  const loaded = require(workerData.satoriPath);
  satori = loaded.default || loaded;
  resvg = require(workerData.resvgPath);
}
const fonts = workerData.fonts.map((font) => ({ ...font, data: Buffer.from(font.data) }));
const ready = resvg.initWasm(workerData.wasm);
parentPort.on("message", async ({ id, layout }) => {
  try {
    await ready;
    const svg = await satori(layout, { width: workerData.width, height: workerData.height, fonts });
    const result = new resvg.Resvg(svg, { fitTo: { mode: "width", value: workerData.width } }).render().asPng();
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

const draw = singleWorker<Uint8Array>("social card", WORKER_SOURCE, () => {
  const bundleSource = readPackageText(PACKAGE_FILES.cardsBundle);
  const font = (file: PackageFile, weight: 400 | 800) => ({
    name: "Inter",
    data: readPackageFile(file),
    weight,
    style: "normal",
  });
  return {
    ...(bundleSource === undefined
      ? { satoriPath: resolvePackageFile("satori"), resvgPath: resolvePackageFile("@resvg/resvg-wasm") }
      : { bundleSource }),
    wasm: readPackageFile(PACKAGE_FILES.resvgWasm),
    fonts: [font(PACKAGE_FILES.interRegular, 400), font(PACKAGE_FILES.interBold, 800)],
    ...SOCIAL_CARD,
  };
});

/** The PNG of a satori element tree (card-layout.ts), drawn off the server's thread. */
export async function drawCard(layout: unknown): Promise<Buffer> {
  return Buffer.from(await draw({ layout }));
}
