import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { type OpenJsonStoreOptions } from "~/server/store/json-store";
import { openJsonStore } from "~/server/records/open-store";
import type { Store } from "~/server/records/store";

export const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The command line of src/server/cli.ts in its own process: server.ts bundled as `npm start` runs
 * it, by the global setup tests/helpers/cli-bundle.ts of the tiers that use it.
 */
export function cliEntry(): string {
  const entry = inject("cliEntry");
  if (!entry)
    throw new Error("This test tier has no tests/helpers/cli-bundle.ts in its globalSetup (vitest.config.ts).");
  return entry;
}

export type Run = { code: number | null; stdout: string; stderr: string };

/**
 * Runs the CLI on `dataDir`, with `input` on stdin (a pipe, not a terminal), `env` added and
 * `nodeArgs` given to Node before the bundle.
 */
export function cli(
  args: string[],
  {
    dataDir,
    input = "",
    env = {},
    nodeArgs = [],
  }: { dataDir?: string; input?: string; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<Run> {
  const child = spawn(process.execPath, [...nodeArgs, cliEntry(), ...args], {
    cwd: root,
    env: { ...cliEnv(dataDir), ...env },
    stdio: "pipe",
  });
  child.stdin.end(input);
  return collect(child);
}

/** Our environment without a first admin, and DATA_DIR only when given (else the CLI's --data). */
export function cliEnv(dataDir?: string): NodeJS.ProcessEnv {
  const { DATA_DIR: _, ...env } = process.env;
  return { ...env, ADMIN_USERNAME: "", ADMIN_PASSWORD: "", ...(dataDir && { DATA_DIR: dataDir }) };
}

export function collect(child: ReturnType<typeof spawn>): Promise<Run> {
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

const open: Store[] = [];

/** A store on `dataDir` in this process, holding the folder as a running server would. */
export async function storeOf(dataDir: string, options?: OpenJsonStoreOptions): Promise<Store> {
  return trackStore(await openJsonStore(dataDir, options));
}

/** Has closeStores close a store opened some other way (closing twice is harmless). */
export function trackStore(store: Store): Store {
  open.push(store);
  return store;
}

/** Closes every store storeOf opened; call it from afterEach. */
export async function closeStores(): Promise<void> {
  await Promise.all(open.splice(0).map((s) => s.close()));
}
