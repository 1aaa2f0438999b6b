import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
// @ts-expect-error: a plain .mjs script shared with `npm test`, which has no type declarations
import { findPostgresBin } from "../../scripts/ensure-postgres.mjs";

export type RunningPostgres = {
  /** postgres://postgres@127.0.0.1:PORT/postgres, trusted on loopback only. */
  url: string;
  /** A fresh, empty database on this server, and its URL. */
  createDatabase: (name?: string) => Promise<string>;
  stop: () => void;
  /** Stops the server, keeping its data, as an outage would; `resume` starts it again on the same port. */
  pause: () => void;
  resume: () => void;
};

/**
 * A real PostgreSQL server from Debian's binaries for one test file: `initdb` in a temporary
 * folder and the server on 127.0.0.1 and a free port, stopped and removed by `stop`. Both refuse
 * to run as root, so as root they run as the unprivileged `postgres` user that Debian's package
 * creates. fsync is off: the folder is thrown away, and the tests check the store, not the disk.
 */
export async function startPostgres(): Promise<RunningPostgres> {
  const bin = (process.env.PG_BIN ?? findPostgresBin()) as string | undefined;
  if (!bin) throw new Error("PostgreSQL binaries not found: install Debian's `postgresql` package or set PG_BIN.");
  const root = mkdtempSync(path.join(tmpdir(), "queuesite-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const postgres = execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim();
    const group = execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim();
    chownSync(root, Number(postgres), Number(group));
  }
  const run = (tool: string, args: string[]) => {
    const [command, fullArgs] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    const result = spawnSync(command, fullArgs, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
  };

  const dataDir = path.join(root, "data");
  run("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off -c full_page_writes=off`;
  const start = () => run("pg_ctl", ["-D", dataDir, "-l", path.join(root, "server.log"), "-o", options, "-w", "start"]);
  start();

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;
  return {
    url,
    async createDatabase(name = `test_${++databases}`) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    pause() {
      run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
    },
    resume: start,
    stop() {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
