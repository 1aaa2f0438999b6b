// `npm start` and `npm run bench` build first when there is no build, or when a source file is
// newer than it (after a `git pull`, say), so they never serve yesterday's code.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * build/server.js, its chunks' folder (emptied and written again by every build: CHUNKS_DIR of
 * build-server.mjs, not imported, as that loads esbuild, which `npm start` must not need) and
 * React Router's server build.
 */
const OUTPUTS = ["build/server.js", "build/server-chunks", "build/server/index.js"];
const SOURCES = [
  "src",
  "public",
  "server.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
  "package-lock.json",
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** Why the project in `root` needs `npm run build`: "missing", "stale" (a source is newer), or null. */
export function buildNeeded(root) {
  const built = Math.min(
    ...OUTPUTS.map((file) => path.join(root, file)).map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  if (built === 0) return "missing";
  return Math.max(...SOURCES.map((entry) => newestMtime(path.join(root, entry)))) > built ? "stale" : null;
}

const SAYS = {
  missing: "No build found: building the site first (npm run build)...",
  stale: "Sources changed since the last build: building again (npm run build)...",
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reason = buildNeeded(".");
  if (reason) {
    console.log(SAYS[reason]);
    execSync("npm run build", { stdio: "inherit" });
  }
}
