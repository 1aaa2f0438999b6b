import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
// @ts-expect-error: a plain .mjs script shared with `npm test`, which has no type declarations
import { findPostgresBin } from "../../scripts/ensure-postgres.mjs";
import { freePort } from "./free-port";

export type RunningPostgres = {
  /** postgres://postgres@127.0.0.1:PORT/postgres, trusted on loopback only. */
  url: string;
  /** A fresh, empty database on this server, and its URL. */
  createDatabase: (name?: string) => Promise<string>;
  stop: () => void | Promise<void>;
  /** Stops the server, keeping its data, as an outage would; `resume` starts it again on the same port. */
  pause: () => void;
  resume: () => void;
};

/**
 * PostgreSQL for a test file or a script. Under vitest's PostgreSQL tier the file shares the run's
 * one server (tests/helpers/postgres-server.ts) and gets databases of its own on it, dropped by
 * `stop`; that saves an `initdb` and a server start per file. A file that stops the server
 * (`pause`, `resume`) asks for its own with `{ own: true }`, and so does everything outside vitest.
 */
export async function startPostgres({ own = false }: { own?: boolean } = {}): Promise<RunningPostgres> {
  const shared = !own && process.env.VITEST ? (await import("vitest")).inject("postgresUrl") : undefined;
  return shared ? databasesOn(shared) : startPostgresServer();
}

/** Databases of one test file on the run's shared server, with unique names, dropped by `stop`. */
function databasesOn(url: string): RunningPostgres {
  const made: string[] = [];
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const ownServerOnly = () => {
    throw new Error("This server is shared by every test file: startPostgres({ own: true }) for one to stop.");
  };
  return {
    url,
    async createDatabase(name = `test_${randomUUID().replaceAll("-", "")}`) {
      await admin((client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
      made.push(name);
      const database = new URL(url);
      database.pathname = `/${name}`;
      return database.href;
    },
    pause: ownServerOnly,
    resume: ownServerOnly,
    stop: () =>
      admin(async (client) => {
        for (const name of made.splice(0))
          await client.query(`DROP DATABASE ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      }),
  };
}

/**
 * A real PostgreSQL server from Debian's binaries: `initdb` in a temporary folder and the server
 * on 127.0.0.1 and a free port, stopped and removed by `stop`. Both refuse to run as root, so as
 * root they run as the unprivileged `postgres` user that Debian's package creates. fsync is off:
 * the folder is thrown away, and the tests check the store, not the disk. Room for more
 * connections than the default 100: two test files at a time each run several instances, each
 * with its pools.
 */
export async function startPostgresServer(): Promise<RunningPostgres> {
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
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off -c full_page_writes=off -c max_connections=300`;
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
