/**
 * The causes of a failed PostgreSQL query that an operator can act on, for storage-errors.ts
 * (docs/decisions/090-database-errors-as-storage-errors.md). SQLSTATE codes are PostgreSQL's
 * (https://www.postgresql.org/docs/15/errcodes-appendix.html): class 08 is a connection
 * exception, 57P01-57P03 a server shutting down or starting, 25006 a read-only transaction (a
 * standby, or `default_transaction_read_only`), 53100 a full disk.
 */
export const DATABASE = {
  unreachable: "database-unreachable",
  readOnly: "database-read-only",
  full: "database-full",
} as const;

/** Socket errors of a connection that could not be opened or was lost. */
const UNREACHABLE_SOCKET = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND"]);
/**
 * node-postgres (pg and pg-pool) reports a lost connection and a connect timeout with these
 * messages and no code: "Connection terminated" (unexpectedly, or by a connection timeout), a
 * query sent on a client whose connection had already failed or closed ("Client has encountered
 * a connection error and is not queryable", "Client was closed and is not queryable"), and a
 * pool that waited too long for a connection.
 */
const UNREACHABLE_DRIVER =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/** Which DATABASE cause an error from `pg` is, if any. */
export function databaseCause(error: unknown): (typeof DATABASE)[keyof typeof DATABASE] | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (code === "25006") return DATABASE.readOnly;
    if (code === "53100") return DATABASE.full;
    if (code.startsWith("08") || /^57P0[123]$/.test(code) || UNREACHABLE_SOCKET.has(code)) return DATABASE.unreachable;
    return undefined;
  }
  return UNREACHABLE_DRIVER.test(error.message) ? DATABASE.unreachable : undefined;
}

/** The one line a start that cannot reach the database prints: where, and what failed, never the URL's password. */
export const DATABASE_START_MESSAGES = {
  cannotConnect: (host: string, port: string, what: string) =>
    `Cannot connect to the database at ${host}:${port}: ${what}. Check DATABASE_URL and that PostgreSQL is running.`,
  refused: "the connection was refused",
  noAnswer: (seconds: number) => `no answer within ${seconds} s`,
  closed: "the server closed the connection",
  unknownHost: "the host name is not known",
  failed: (code: string) => `the connection failed (${code})`,
} as const;

/** How long a connection may take to open before the attempt fails: a start gives up within it. */
export const CONNECT_TIMEOUT_MS = 4000;

/**
 * An unreachable database at start said in DATABASE_START_MESSAGES' words, else the error itself
 * (a refused password or a missing database already say what to fix).
 */
export function startErrorOf(url: string, error: unknown): unknown {
  if (databaseCause(error) !== DATABASE.unreachable) return error;
  const { hostname, port } = new URL(url);
  const { code = "" } = error as { code?: string };
  const message = (error as Error).message;
  const what =
    code === "ECONNREFUSED"
      ? DATABASE_START_MESSAGES.refused
      : code === "ENOTFOUND"
        ? DATABASE_START_MESSAGES.unknownHost
        : /timeout/.test(message) || code === "ETIMEDOUT"
          ? DATABASE_START_MESSAGES.noAnswer(CONNECT_TIMEOUT_MS / 1000)
          : code
            ? DATABASE_START_MESSAGES.failed(code)
            : DATABASE_START_MESSAGES.closed;
  return Object.assign(
    new Error(DATABASE_START_MESSAGES.cannotConnect(hostname || "localhost", port || "5432", what)),
    {
      cause: error,
    },
  );
}
