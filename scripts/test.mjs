// `npm test`: every check and every test tier, ordered to finish soonest on two cores. React Router's
// route types once, then the format check, the type check, lint and the production build side by
// side, and one vitest run of every tier. The build is made only when it is missing or a source is
// newer than it (scripts/build-if-needed.mjs, as `npm start` does): right after `npm start` the
// tests run against the build it made.
// Stops after the first step that fails, with its exit code; prints the wall time either way.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensurePostgres } from "./ensure-postgres.mjs";

const started = performance.now();
const bin = (name) => path.join("node_modules", ".bin", name);

function finish(code) {
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(
    `\nnpm test: ${Math.floor(seconds / 60)}m ${seconds % 60}s${code === 0 ? "" : `, failed (exit ${code})`}`,
  );
  process.exit(code);
}

function run(command, args, env = process.env) {
  const { status } = spawnSync(command, args, { stdio: "inherit", env });
  if (status !== 0) finish(status ?? 1);
}

/**
 * Starts every command at once and prints each one's output whole when it ends, so two tools'
 * lines never interleave. Once all have ended, stops with the first failure's exit code.
 */
async function runSideBySide(commands) {
  const colour = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};
  const codes = await Promise.all(
    commands.map(
      ([command, ...args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { env: { ...process.env, ...colour }, stdio: ["ignore", "pipe", "pipe"] });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          let ended = false;
          const done = (code, error) => {
            if (ended) return;
            ended = true;
            process.stdout.write(`\n> ${path.basename(command)} ${args.join(" ")}\n`);
            process.stdout.write(Buffer.concat(output));
            if (error) console.log(error.message);
            resolve(code);
          };
          child.on("error", (error) => done(1, error));
          child.on("close", (code) => done(code ?? 1));
        }),
    ),
  );
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) finish(failed);
}

// `npm run typecheck` and `npm run lint` each generate the route types first; here it happens once.
run(bin("react-router"), ["typegen"]);
await runSideBySide([
  [bin("prettier"), "--check", "."],
  [bin("tsc"), ...(process.stdout.isTTY ? ["--pretty"] : [])],
  [bin("eslint"), "."],
  ["node", "scripts/build-if-needed.mjs"],
]);
const chromium = ensureChromium();
const postgres = ensurePostgres();
run(bin("vitest"), ["run", ...process.argv.slice(2)], { ...process.env, CHROME_PATH: chromium, PG_BIN: postgres });
finish(0);
