// `npm start` and `npm run bench` build first when there is no build, or when a source file is
// newer than it (after a `git pull`, say), so they never serve yesterday's code.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const OUTPUTS = ["build/server.js", "build/server/index.js"];
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

const built = Math.min(...OUTPUTS.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
if (built === 0 || Math.max(...SOURCES.map(newestMtime)) > built) {
  console.log(
    built === 0
      ? "No build found: building the site first (npm run build)..."
      : "Sources changed since the last build: building again (npm run build)...",
  );
  execSync("npm run build", { stdio: "inherit" });
}
