import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { startServer, type RunningServer } from "../../tests/helpers/running-server";

/**
 * The servers `npm run bench` measures, each in a process of its own, each stopped when `use`
 * settles and, should the bench fail half-way, by `stopAll`.
 */
const running = new Set<{ stop: () => Promise<unknown> }>();

async function using<S extends { stop: () => Promise<unknown> }, T>(
  server: S,
  use: (server: S) => Promise<T>,
): Promise<T> {
  running.add(server);
  try {
    return await use(server);
  } finally {
    running.delete(server);
    await server.stop();
  }
}

/** The built site (`node build/server.js`) on 127.0.0.1 with this data folder and environment. */
export async function withSite<T>(
  dataDir: string,
  env: Record<string, string>,
  use: (server: RunningServer) => Promise<T>,
): Promise<T> {
  return using(await startServer({ dataDir, env }), use);
}

/** A server script of the bench run in a process of its own, listening on 127.0.0.1. */
export type ChildServer = { url: string; pid: number; stop: () => Promise<unknown> };

/**
 * Runs `node script ...args` (through tsx for a .ts script), which prints "ready PORT" once
 * listening; the server is stopped by `stopAll` too, should the bench fail before its own `stop`.
 */
export async function startChild(script: string, args: string[], env?: NodeJS.ProcessEnv): Promise<ChildServer> {
  const node = script.endsWith(".ts") ? ["--import", "tsx", script] : [script];
  const child = spawn(process.execPath, [...node, ...args], { env, stdio: ["ignore", "pipe", "inherit"] });
  const server = {
    pid: child.pid!,
    stop: async () => {
      running.delete(server);
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
    },
  };
  running.add(server);
  // Lines before "ready" (a site's start-up notes) are skipped; an exit before it is a failed start.
  let printed = "";
  const port = await new Promise<string | undefined>((resolve) => {
    child.stdout.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /ready (\d+)/.exec(printed)?.[1];
      if (found) resolve(found);
    });
    child.on("exit", () => resolve(undefined));
  });
  if (!port) {
    await server.stop();
    throw new Error(`${path.basename(script)} did not start: ${printed}`);
  }
  return { ...server, url: `http://127.0.0.1:${port}` };
}

/** A page's bytes as the server sends them uncompressed; fails on an answer other than 2xx. */
export async function fetchBytes(url: string): Promise<Buffer> {
  const res = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Bare node:http sending these pages' bytes from memory (same-bytes-server.mjs); `use` gets its URL. */
export async function withSameBytes<T>(
  work: string,
  pages: Map<string, Buffer>,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const files: Record<string, string> = {};
  [...pages].forEach(([page, body], i) => writeFileSync((files[page] = path.join(work, `page-${i}.html`)), body));
  const list = path.join(work, "pages.json");
  writeFileSync(list, JSON.stringify(files));
  const server = await startChild(path.resolve("scripts/bench/same-bytes-server.mjs"), [list]);
  return using(server, () => use(server.url));
}

export function stopAll(): Promise<unknown> {
  return Promise.all([...running].map((server) => server.stop()));
}
