import { afterAll, beforeAll, describe, it } from "vitest";
import { checkRow, PERMISSION_ROWS, signInEveryRole } from "../contract/permission-matrix";
import { startPostgres, type RunningPostgres } from "../helpers/postgres";
import { makeTestApp, type TestApp } from "../helpers/test-app";
import { SESSION_SECRET } from "../helpers/two-instances";

/**
 * The permission matrix (tests/contract/permission-matrix.ts) on PostgreSQL, where the roles are
 * a column with a check (migration 014): one server and one site for the whole file.
 */
let server: RunningPostgres;
let t: TestApp;
let users: Awaited<ReturnType<typeof signInEveryRole>>;
beforeAll(async () => {
  server = await startPostgres();
  t = await makeTestApp({ env: { DATABASE_URL: await server.createDatabase(), SESSION_SECRET } });
  users = await signInEveryRole(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await server?.stop();
});

describe("each role may do what the permission table says, and gets a 403 for the rest", () => {
  it.each(PERMISSION_ROWS.map((row) => [row.route, row] as const))("%s", async (_route, row) => {
    await checkRow(t, users, row);
  });
});
