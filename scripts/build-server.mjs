// Bundles server.ts (the npm entry of the command line, with the host and src/server) into
// build/server.js beside React Router's build, so production runs plain JavaScript with no
// TypeScript loader (docs/architecture.md section 3). The single executable is bundled by build-binary.ts.
import { build } from "esbuild";
import { embedMigrations } from "./embed-migrations.mjs";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  plugins: [embedMigrations()],
  logLevel: "warning",
});
