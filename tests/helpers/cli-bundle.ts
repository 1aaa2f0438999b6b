import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { bundleServer } from "../../scripts/build-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** server.ts bundled as `npm run build` bundles it, for tests/helpers/cli.ts to run. */
    cliEntry: string;
  }
}

/**
 * Vitest global setup of the tiers that run the command line: server.ts bundled once, as
 * build/server.js and its chunks are, into a temporary folder whose node_modules links to ours
 * and whose package.json makes its .js files ES modules, as ours does for build/. A run of the
 * bundle starts in a third of the time `node --import tsx server.ts` takes, which compiles
 * src/server again in every process, and the CLI tests start dozens.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "queuesite-cli-"));
  symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  await bundleServer(dir);
  project.provide("cliEntry", path.join(dir, "server.js"));
  return () => rmSync(dir, { recursive: true, force: true });
}
