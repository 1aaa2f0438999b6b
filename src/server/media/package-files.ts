import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { getAsset, isSea } from "node:sea";

/**
 * Files from npm packages the server reads at run time (the social cards' WebAssembly renderer
 * and fonts). In the single executable they are SEA assets keyed by these same specifiers
 * (scripts/build-binary.ts embeds them); everywhere else they come from node_modules. Nothing is
 * ever fetched from the network.
 */
export const PACKAGE_FILES = {
  resvgWasm: "@resvg/resvg-wasm/index_bg.wasm",
  interRegular: "@fontsource/inter/files/inter-latin-400-normal.woff",
  interBold: "@fontsource/inter/files/inter-latin-800-normal.woff",
  /** Only in the executable: Jimp bundled into one CommonJS file for the resize worker. */
  jimpBundle: "jimp.bundle.cjs",
  /** Only in the executable: satori and resvg bundled into one CommonJS file for the card worker. */
  cardsBundle: "social-cards.bundle.cjs",
} as const;

export type PackageFile = (typeof PACKAGE_FILES)[keyof typeof PACKAGE_FILES];

/** The running script (build/server.js, server.ts, or the test runner), from which packages resolve. */
export function runningScript(): string {
  return path.resolve(process.argv[1] ?? path.join(process.cwd(), "index.js"));
}

/** Resolves from the running script, as Node would. */
export function resolvePackageFile(specifier: string, from = runningScript()): string {
  return createRequire(path.resolve(from)).resolve(specifier);
}

/** A file only the executable carries (scripts/build-binary.ts makes it); undefined elsewhere. */
export function readPackageText(specifier: PackageFile): string | undefined {
  return isSea() ? getAsset(specifier, "utf8") : undefined;
}

export function readPackageFile(specifier: PackageFile): Buffer {
  if (isSea()) return Buffer.from(getAsset(specifier));
  return fs.readFileSync(resolvePackageFile(specifier));
}
