import { describe, expect, it } from "vitest";
import { DATABASE, databaseCause, startErrorOf } from "~/server/store/pg/pg-errors";
import { STORAGE_MESSAGES, storageErrorOf } from "~/server/store/storage-errors";

const withCode = (code: string, message = "driver text") => Object.assign(new Error(message), { code });

describe("PostgreSQL errors named like storage errors", () => {
  it.each([
    ["ECONNREFUSED", DATABASE.unreachable],
    ["ECONNRESET", DATABASE.unreachable],
    ["57P01", DATABASE.unreachable],
    ["57P03", DATABASE.unreachable],
    ["08006", DATABASE.unreachable],
    ["25006", DATABASE.readOnly],
    ["53100", DATABASE.full],
    ["23505", undefined],
    ["ENOSPC", undefined],
  ])("%s is %s", (code, cause) => {
    expect(databaseCause(withCode(code))).toBe(cause);
  });

  it("reads node-postgres's code-less lost connection and connect timeout as unreachable", () => {
    expect(databaseCause(new Error("Connection terminated unexpectedly"))).toBe(DATABASE.unreachable);
    expect(databaseCause(new Error("timeout exceeded when trying to connect"))).toBe(DATABASE.unreachable);
    // A query on a client whose connection an administrator (or a failover) ended under it.
    expect(databaseCause(new Error("Client has encountered a connection error and is not queryable"))).toBe(
      DATABASE.unreachable,
    );
    expect(databaseCause(new Error("Client was closed and is not queryable"))).toBe(DATABASE.unreachable);
    expect(databaseCause(new Error("Connection terminated due to connection timeout"))).toBe(DATABASE.unreachable);
    expect(databaseCause(new Error("something else"))).toBeUndefined();
  });

  it("answers a read-only or full database 503 with its words and Retry-After", () => {
    for (const [code, message] of [
      ["25006", STORAGE_MESSAGES.databaseReadOnly],
      ["53100", STORAGE_MESSAGES.databaseFull],
    ] as const) {
      const error = storageErrorOf(withCode(code));
      expect(error).toMatchObject({ status: 503, message, headers: { "Retry-After": "60" } });
    }
  });

  it("leaves an error the database answered (a wrong password) in its own words at start", () => {
    const refused = withCode("28P01", 'password authentication failed for user "site"');
    expect(startErrorOf("postgres://site:pw@db.example:6543/site", refused)).toBe(refused);
  });
});
