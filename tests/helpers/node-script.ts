import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { root } from "./cli";
import { makeTempDir } from "./temp-dir";

/**
 * `source`, an ES module in TypeScript importing the repository's code (by a path from its root,
 * `./src/...`, or by `~/`), bundled by esbuild into a folder of `makeTempDir`'s with its packages
 * left to node_modules; answers the bundle's path. A process then starts on it in a fraction of
 * the time `node --import tsx` takes, which compiles every source file it imports again.
 */
export async function bundleScript(source: string): Promise<string> {
  const dir = makeTempDir("script-");
  const file = path.join(dir, "script.mjs");
  await build({
    stdin: { contents: source, resolveDir: root, sourcefile: "script.ts", loader: "ts" },
    outfile: file,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "error",
  });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return file;
}

export type ScriptRun = { code: number | null; signal: NodeJS.Signals | null; stdout: string };

/**
 * Runs `source` (see bundleScript) in a Node process of its own, from the repository's root, with
 * its stderr on ours; answers how it ended and what it printed. `timeoutMs` kills it with SIGTERM.
 */
export async function runScript(source: string, { timeoutMs }: { timeoutMs?: number } = {}): Promise<ScriptRun> {
  const file = await bundleScript(source);
  const child = spawn(process.execPath, [file], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    timeout: timeoutMs,
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  try {
    return await new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal, stdout })));
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
