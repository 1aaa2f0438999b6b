// The post-content sanitizer (src/server/posts/sanitize-job.ts and content.ts) as one CommonJS script, which the
// sanitize worker runs (src/server/posts/sanitize-worker.ts, docs/decisions/172-long-content-sanitized-in-a-worker.md).
// From the source folder (npm run dev, the tests) the script is bundled when the worker first
// starts; both bundles (build/server.js and the single executable) carry it made at build time,
// through the plugin below, which replaces src/server/posts/sanitizer-script.ts.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ENTRY = fileURLToPath(new URL("../src/server/posts/sanitize-job.ts", import.meta.url));

/**
 * sanitize-job.ts and the modules of ours it imports, bundled; with `packages: "bundle"` (the single
 * executable, which has no node_modules beside it) sanitize-html and htmlparser2 too, else the
 * worker loads those from node_modules as the server does.
 */
export async function sanitizerScript({ packages }) {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: packages === "bundle" ? undefined : "external",
    logLevel: "silent",
  });
  if (result.warnings.length) throw new Error(result.warnings.map((w) => w.text).join("\n"));
  return result.outputFiles[0].text;
}

export function embedSanitizer({ packages }) {
  return {
    name: "embed-sanitizer",
    setup(b) {
      b.onLoad({ filter: /[\\/]posts[\\/]sanitizer-script\.ts$/ }, async () => ({
        contents: `export const sanitizerScript = async () => ${JSON.stringify(await sanitizerScript({ packages }))};\n`,
        loader: "js",
      }));
    },
  };
}
