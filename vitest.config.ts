import { availableParallelism } from "node:os";
import { sep } from "node:path";
import { defineConfig } from "vitest/config";
import { memoryTempDir } from "./tests/helpers/memory-temp-dir.js";

/**
 * Test tiers of docs/architecture.md section 7.
 *
 * - `unit` and `api` need no build: `npm run test:fast` runs just these two (and `unit-dom`).
 *   HTTP tests render pages with React Router's server build compiled from src/app by Vite's dev server, as
 *   `npm run dev` does (tests/helpers/server-build.ts), rather than from build/server; starting
 *   that compiler takes seconds, so the `unit`, `api` and `pg` files share a worker's modules
 *   (`isolate: false`) and compile once per worker. Each test still gets its own app on its own
 *   temporary data folder, and restores the fake timers and stubs it sets. The command-line tests
 *   run server.ts bundled once per run (tests/helpers/cli-bundle.ts) instead of through tsx.
 * - `pg` files make their databases on one PostgreSQL server for the run
 *   (tests/helpers/postgres-server.ts), unless a file asks for a server of its own to stop.
 * - `fault` kills, races and measures processes; it needs no build but is left out of test:fast.
 * - `bundle` reads the production build itself (its chunks and client manifest), `e2e` drives
 *   Chromium against it and `binary` packs it into the single executable: `npm test` builds first.
 *   Browser files connect to one Chromium for the run (tests/helpers/chromium-server.ts), each
 *   with contexts and a server of its own, and share workers too.
 * - Every tier runs in one pool, browser files too: with one Chromium at a time the two cores sat
 *   half idle while it waited on the server and on rendering.
 * - One worker more than the cores, not vitest's default of one fewer: the tests spend much of
 *   their time waiting on child processes (the CLI, PostgreSQL, Chromium) and on scrypt in libuv's
 *   threads, and a third worker on two cores fills those waits (measured: 366 s against 389 s).
 *
 * docs/decisions/065-fast-test-loop.md says why.
 */
// Before anything makes a folder: the global setups here, the workers and their children inherit it.
const inMemory = memoryTempDir();
if (inMemory) process.env.TMPDIR = inMemory;

const failOnConsoleError = "tests/helpers/fail-on-console-error.ts";
const cliBundle = "tests/helpers/cli-bundle.ts";
const chromiumServer = "tests/helpers/chromium-server.ts";
const postgresServer = "tests/helpers/postgres-server.ts";

/**
 * Each worker's dev server (tests/helpers/server-build.ts) regenerates React Router's route types
 * as it starts: @react-router/dev deletes .react-router/types and writes it again, in serve mode
 * always. Workers starting together race on that folder: one's write finds the folder another
 * just deleted (ENOENT), or one's delete finds files another just wrote (ENOTEMPTY). The types
 * serve only `tsc`, which `npm test` ran before vitest, so those errors, on that folder and no
 * other, are not the run's.
 */
function isRouteTypesRace(error: object): boolean {
  const { code, path } = error as { code?: unknown; path?: unknown };
  return (
    (code === "ENOENT" || code === "ENOTEMPTY") &&
    typeof path === "string" &&
    (path.endsWith(routeTypesFolder) || path.includes(`${routeTypesFolder}${sep}`))
  );
}
const routeTypesFolder = `${sep}.react-router${sep}types`;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    maxWorkers: availableParallelism() + 1,
    onUnhandledError: (error) => !isRouteTypesRace(error),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          exclude: ["tests/unit/**/*.dom.test.ts"],
          setupFiles: [failOnConsoleError],
          // A time limit catches a hang, not slowness (speed is the bench's): a few unit tests take
          // a second or two of CPU alone, several times that on a machine busy with other work.
          testTimeout: 60_000,
          globalSetup: [cliBundle],
          isolate: false,
        },
      },
      // Faults and bounds made real (docs/decisions/065-fast-test-loop.md): processes killed with
      // SIGKILL mid-write, stale locks raced by four processes a hundred times, memory measured in
      // a child. Each spawns dozens of processes, so `npm run test:fast` leaves them to `npm test`.
      {
        extends: true,
        test: {
          name: "fault",
          include: ["tests/fault/**/*.test.ts"],
          setupFiles: [failOnConsoleError],
          testTimeout: 240_000,
          isolate: false,
        },
      },
      // The browser's own code (DOMParser) in jsdom: a project of its own, so its files share one
      // worker rather than each starting a fresh one among the unit tier's Node-only workers.
      {
        extends: true,
        test: {
          name: "unit-dom",
          include: ["tests/unit/**/*.dom.test.ts"],
          environment: "jsdom",
          setupFiles: [failOnConsoleError],
          isolate: false,
        },
      },
      // Password hashing (scrypt at N=2^17) makes sign-in tests slow on a busy machine: a wider timeout, no timed assertions.
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          setupFiles: [failOnConsoleError],
          testTimeout: 60_000,
          // The first app a worker makes waits for Vite to compile the pages: seconds on a busy machine.
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "bundle",
          include: ["tests/bundle/**/*.test.ts"],
          setupFiles: [failOnConsoleError],
          testTimeout: 60_000,
        },
      },
      // The PostgreSQL store against one real server for the run (tests/helpers/postgres-server.ts), a
      // database per test; some files spawn the CLI: generous limits on a loaded machine.
      {
        extends: true,
        test: {
          name: "pg",
          include: ["tests/pg/**/*.test.ts"],
          setupFiles: [failOnConsoleError],
          globalSetup: [cliBundle, postgresServer],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // A browser test walks a whole flow: under a minute for the longest on a quiet machine,
          // past it on a slow or busy one. The limit is there to catch a hang.
          globalSetup: [chromiumServer],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          isolate: false,
        },
      },
      // The single executable, built and run from an empty folder.
      {
        extends: true,
        test: {
          name: "binary",
          include: ["tests/binary/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
