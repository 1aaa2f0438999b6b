// Bundles server.ts (the npm entry of the command line, with the host and src/server) into
// build/server.js beside React Router's build, so production runs plain JavaScript with no
// TypeScript loader (docs/architecture.md section 3). The single executable is bundled by build-binary.ts.
import { build } from "esbuild";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { embedMigrations } from "./embed-migrations.mjs";
import { embedSanitizer } from "./embed-sanitizer.mjs";

/** The folder beside server.js that holds its chunks: never build/server, which is React Router's. */
export const CHUNKS_DIR = "server-chunks";

/**
 * server.ts bundled into `outdir` as server.js, split into chunks under `outdir`/server-chunks: each
 * command that src/server/cli.ts imports when it runs is a chunk, with the packages only it needs,
 * so `--help` or `backup` does not load Express (docs/decisions/143-commands-loaded-when-they-run.md).
 * The folder is emptied first, as chunk names carry a hash and esbuild never removes old ones.
 * The command-line tests run the same bundle (tests/helpers/cli-bundle.ts).
 */
export async function bundleServer(outdir) {
  rmSync(path.join(outdir, CHUNKS_DIR), { recursive: true, force: true });
  await build({
    entryPoints: { server: fileURLToPath(new URL("../server.ts", import.meta.url)) },
    outdir,
    chunkNames: `${CHUNKS_DIR}/[name]-[hash]`,
    splitting: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    // The sanitize worker's script, with its packages loaded from node_modules as the server's are.
    plugins: [embedMigrations(), embedSanitizer({ packages: "external" })],
    logLevel: "warning",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer("build");
