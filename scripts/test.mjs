// `npm test`: the format check, the type check, lint, a production build, then every test tier in one vitest run
// (unit, HTTP, PostgreSQL, browser, executable). Stops at the first step that fails, with its exit code.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensurePostgres } from "./ensure-postgres.mjs";

function run(command, args, env = process.env) {
  const { status } = spawnSync(command, args, { stdio: "inherit", env });
  if (status !== 0) process.exit(status ?? 1);
}

run("npm", ["run", "--silent", "format:check"]);
run("npm", ["run", "--silent", "typecheck"]);
run("npm", ["run", "--silent", "lint"]);
run("npm", ["run", "--silent", "build"]);
const chromium = ensureChromium();
const postgres = ensurePostgres();
run("npx", ["vitest", "run", ...process.argv.slice(2)], { ...process.env, CHROME_PATH: chromium, PG_BIN: postgres });
