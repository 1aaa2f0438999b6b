// Bundles server.ts (the npm entry of the command line, with the host and src/server) into
// build/server.js beside React Router's build, so production runs plain JavaScript with no
// TypeScript loader (docs/architecture.md section 3). The single executable is bundled by build-binary.ts.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { embedMigrations } from "./embed-migrations.mjs";

/** server.ts bundled to `outfile`; the command-line tests run the same bundle (tests/helpers/cli-bundle.ts). */
export async function bundleServer(outfile) {
  await build({
    entryPoints: [fileURLToPath(new URL("../server.ts", import.meta.url))],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    plugins: [embedMigrations()],
    logLevel: "warning",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer("build/server.js");
