import pg from "pg";
import { CONNECT_TIMEOUT_MS } from "./pg-errors";
import { pgTypes } from "./pg-types";

/**
 * A pool of at most `max` connections to the database at `url`; `what` names its users when an
 * idle connection is lost.
 */
export function openPool(url: string, max: number, what?: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, types: pgTypes });
  // An idle client losing its server is reported here; the next query gets a fresh connection.
  pool.on("error", (error) => console.error(`PostgreSQL connection lost${what ? ` (${what})` : ""}:`, error.message));
  // A connection lost while in use also fails the query it was running, which its caller handles.
  pool.on("connect", (client) => client.on("error", () => undefined));
  return pool;
}
