// Bundles server.ts (the host and src/server) into build/server.js beside React Router's build,
// so production runs plain JavaScript with no TypeScript loader (DESIGN.md section 3).
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
