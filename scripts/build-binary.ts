// `npm run build:binary [-- OUT]`: the whole site as one self-hosted executable, with
// Node's Single Executable Applications (docs/architecture.md section 2): the CLI and React Router's server
// build bundled into one CommonJS file, every file of build/client embedded as an asset, and
// that blob injected into a copy of the pinned Node runtime (binary-runtime.ts), not the Node
// that runs this script. Writes dist/<name>-linux-x64 unless told OUT.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { name } from "../package.json";
import { CLIENT_FILES_ASSET, listClientFiles } from "~/server/http/client-files";
import { pinnedNode, runtime } from "./binary-runtime";
import { PACKAGE_FILES, resolvePackageFile } from "~/server/media/package-files";
import { embedMigrations } from "./embed-migrations.mjs";
import { embedSanitizer } from "./embed-sanitizer.mjs";

// macOS and Windows executables need signing and other injection flags; nobody ships those yet.
if (process.platform !== "linux") throw new Error(`build:binary builds for Linux only, not ${process.platform}.`);

const started = Date.now();
const out = path.resolve(process.argv[2] ?? `dist/${name}-linux-x64`);
const clientDir = path.resolve("build/client");

execFileSync(process.execPath, ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
const node = pinnedNode();
/**
 * The libraries the worker threads load, each as one CommonJS file: Jimp for the resize worker
 * (src/server/media/resize-worker.ts), satori and resvg for the card worker (card-worker.ts).
 */
const WORKER_BUNDLES = new Map<string, string>([
  [PACKAGE_FILES.jimpBundle, 'module.exports = require("jimp");'],
  [
    PACKAGE_FILES.cardsBundle,
    'module.exports = { satori: require("satori").default, resvg: require("@resvg/resvg-wasm") };',
  ],
]);

fs.mkdirSync(path.dirname(out), { recursive: true });
// Beside OUT so the last step is a rename: a failed build leaves no half-written executable, and
// one that is running is replaced rather than written over (which Linux refuses).
const work = fs.mkdtempSync(path.join(path.dirname(out), ".build-binary-"));
try {
  const main = path.join(work, "main.cjs");
  await bundle(main);
  const urls = listClientFiles(clientDir);
  fs.writeFileSync(path.join(work, CLIENT_FILES_ASSET), JSON.stringify(urls));
  const seaConfig = {
    main,
    output: path.join(work, "prep.blob"),
    disableExperimentalSEAWarning: true,
    assets: Object.fromEntries([
      [CLIENT_FILES_ASSET, path.join(work, CLIENT_FILES_ASSET)],
      ...urls.map((url) => [url, path.join(clientDir, url)]),
      // The social cards' WebAssembly renderer and fonts, read with node:sea's getAsset (package-files.ts).
      ...Object.values(PACKAGE_FILES)
        .filter((specifier) => !WORKER_BUNDLES.has(specifier))
        .map((specifier) => [specifier, resolvePackageFile(specifier, path.resolve("package.json"))]),
      ...(await Promise.all(
        [...WORKER_BUNDLES].map(async ([name, contents]) => [
          name,
          await bundleModule(path.join(work, name), contents),
        ]),
      )),
    ] as [string, string][]),
  };
  fs.writeFileSync(path.join(work, "sea-config.json"), JSON.stringify(seaConfig));
  // The blob is tied to the Node version that reads it, so the pinned runtime prepares it.
  quiet(node, ["--experimental-sea-config", path.join(work, "sea-config.json")]);

  const binary = path.join(work, "binary");
  fs.copyFileSync(node, binary);
  fs.chmodSync(binary, 0o755);
  // postject warns "Can't find string offset for section name '.note.100'" on Node's Linux
  // binaries, which is harmless; quiet() shows its output only when it fails. Node 24's binary
  // carries the same sentinel fuse as 20's (checked when the runtime was pinned).
  const fuse = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
  if (!fs.readFileSync(binary).includes(`${fuse}:0`)) {
    throw new Error(`Node.js v${runtime.version} has no unused SEA fuse ${fuse}: postject cannot inject into it.`);
  }
  quiet(path.resolve("node_modules/.bin/postject"), [
    binary,
    "NODE_SEA_BLOB",
    seaConfig.output,
    "--sentinel-fuse",
    fuse,
  ]);
  fs.renameSync(binary, out);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
const size = (fs.statSync(out).size / 2 ** 20).toFixed(0);
const took = ((Date.now() - started) / 1000).toFixed(1);
console.log(`Wrote ${path.relative(".", out)} (${size} MB, Node.js v${runtime.version}) in ${took} s.`);

/**
 * Everything in one file, node_modules included: the executable runs with nothing beside it. CommonJS
 * because a SEA's main script is one. There `import.meta` is empty, so any warning fails the build
 * rather than shipping code that would break only in the executable.
 */
async function bundle(outfile: string): Promise<void> {
  const result = await build({
    entryPoints: ["src/server/binary-main.ts"],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: `node${runtime.version.split(".")[0]}`,
    // React's and its friends' production code; our config reads NODE_ENV apart from this.
    define: { "process.env.NODE_ENV": '"production"' },
    // The sanitize worker's script carries its packages too: nothing sits beside the executable.
    plugins: [reactRouterServerBuild(), embedMigrations(), embedSanitizer({ packages: "bundle" })],
    logLevel: "silent",
  });
  if (result.warnings.length) {
    throw new Error(result.warnings.map((w) => `${w.location?.file}:${w.location?.line}: ${w.text}`).join("\n"));
  }
}

/** `contents` as one CommonJS file, which a worker runs (src/server/media/single-worker.ts). */
async function bundleModule(outfile: string, contents: string): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: "js" },
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    logLevel: "silent",
  });
  if (result.warnings.length) throw new Error(result.warnings.map((w) => w.text).join("\n"));
  return outfile;
}

/** The module server.ts gets from Vite in development is build/server/index.js once built. */
function reactRouterServerBuild(): Plugin {
  return {
    name: "react-router-server-build",
    setup(b) {
      b.onResolve({ filter: /^virtual:react-router\/server-build$/ }, () => ({
        path: path.resolve("build/server/index.js"),
      }));
    },
  };
}

function quiet(command: string, args: string[]): void {
  try {
    execFileSync(command, args, { stdio: "pipe" });
  } catch (err) {
    const { stdout = "", stderr = "" } = err as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${path.basename(command)} failed:\n${stdout.toString()}${stderr.toString()}`);
  }
}
