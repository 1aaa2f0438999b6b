import { afterAll, beforeAll, describe, it } from "vitest";
import { checkRow, PERMISSION_ROWS, signInEveryRole } from "../contract/permission-matrix";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/** The permission matrix (tests/contract/permission-matrix.ts) on the JSON store. */
let t: TestApp;
let users: Awaited<ReturnType<typeof signInEveryRole>>;
beforeAll(async () => {
  t = await makeTestApp();
  users = await signInEveryRole(t);
}, 60_000);
afterAll(() => t.close());

describe("each role may do what the permission table says, and gets a 403 for the rest", () => {
  it.each(PERMISSION_ROWS.map((row) => [row.route, row] as const))("%s", async (_route, row) => {
    await checkRow(t, users, row);
  });
});
