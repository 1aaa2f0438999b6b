import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type RunningServer = {
  url: string;
  dataDir: string;
  pid: number;
  /** Everything written so far, stdout and stderr as they came. */
  output: () => string;
  /** stderr alone: a normal start, run and stop writes nothing there. */
  errors: () => string;
  /** Sends SIGTERM (or the signal given) and answers the exit code once the output has ended. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Starts the production build (`node build/server.js`) on 127.0.0.1 and a free port, on a fresh
 * temporary data folder unless one is given. `stop` sends SIGTERM and removes a folder it made.
 */
export async function startServer({
  dataDir,
  env = {},
}: { dataDir?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const ownFolder = !dataDir;
  const folder = dataDir ?? mkdtempSync(path.join(tmpdir(), "queuesite-e2e-"));
  const server = await launchServer(process.execPath, ["build/server.js"], {
    // No warm start (WARM_UP_MS): a second of renders per server, which the tests never read.
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: folder,
      WARM_UP_MS: "0",
      // No scheduled backups unless a test asks: one would appear in the backups a test counts.
      BACKUP_SCHEDULE: "off",
      ...env,
    },
  });
  return {
    ...server,
    dataDir: folder,
    stop: (signal) => server.stop(signal).finally(() => ownFolder && rmSync(folder, { recursive: true, force: true })),
  };
}

/** Runs a server command and waits for its "Site ready on" line (server.ts, the single executable). */
export async function launchServer(
  command: string,
  args: string[],
  { cwd, env }: { cwd?: string; env: NodeJS.ProcessEnv },
): Promise<Omit<RunningServer, "dataDir">> {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  let errors = "";
  child.stdout.on("data", (chunk) => (log += chunk));
  child.stderr.on("data", (chunk) => {
    log += chunk;
    errors += chunk;
  });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 30_000);
    child.stdout.on("data", () => {
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
    pid: child.pid!,
    output: () => log,
    errors: () => errors,
    stop: (signal = "SIGTERM") => stopChild(child, signal),
  };
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
    // "close" rather than "exit": the last of stdout and stderr has been read by then.
    child.once("close", (code) => {
      clearTimeout(kill);
      resolve(code);
    });
    child.kill(signal);
  });
}
