import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type RunningServer = { url: string; dataDir: string; pid: number; output: () => string; stop: () => Promise<number | null> };

/**
 * Starts the production build (`node build/server.js`) on 127.0.0.1 and a free port, on a fresh
 * temporary data folder unless one is given. `stop` sends SIGTERM and removes a folder it made.
 */
export async function startServer(
  { dataDir, env = {} }: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const ownFolder = !dataDir;
  const folder = dataDir ?? mkdtempSync(path.join(tmpdir(), "queuesite-e2e-"));
  const child = spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", DATA_DIR: folder, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 30_000);
    child.stdout!.on("data", () => {
      const match = /Site ready on (http:\/\/\S+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace("localhost", "127.0.0.1"));
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });

  return {
    url,
    dataDir: folder,
    pid: child.pid!,
    output: () => log,
    stop: () => stopChild(child).finally(() => ownFolder && rmSync(folder, { recursive: true, force: true })),
  };
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", (code) => {
      clearTimeout(kill);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}
