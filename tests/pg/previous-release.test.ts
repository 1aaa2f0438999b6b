import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { repositoryMigrations } from "~/server/store/pg/migrations";
// @ts-expect-error: a plain .mjs script shared with `npm test`, which has no type declarations
import { findPostgresBin } from "../../scripts/ensure-postgres.mjs";
import { startPostgres, type RunningPostgres } from "../helpers/postgres";
import {
  adminCookie,
  apiAnswers,
  comparable,
  FIXTURE,
  FIXTURE_DATA,
  FIXTURE_SQL,
  pageAnswers,
  pairRecords,
  readExpected,
  movedSiteRevisions,
  movedUrl,
  asAnsweredNow,
  recordsWithSiteHistoryMoved,
} from "../helpers/previous-release";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/**
 * A PostgreSQL database of the previous release (tests/fixtures/previous-release/pg.sql: its data
 * folder imported with `db import` at the schema of its migrations, then pg_dump). Today's code
 * starts on it, migrating what it lacks, and must find every record and answer every read and
 * page as that release did for the folder (expected.json).
 */
const expected = readExpected();
const ADMIN_ID = 1;

type MigrationRow = { name: string; applied_at: Date };

let server: RunningPostgres;
let url: string;
let migrationsBefore: MigrationRow[];
let t: TestApp;
let admin: string;

async function migrationRows(): Promise<MigrationRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<MigrationRow>("SELECT name, applied_at FROM schema_migrations ORDER BY name")).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // The clock where the release left the records, so no trash entry or revision has expired since.
  vi.useFakeTimers({ toFake: ["Date"], now: Date.parse(expected.recordedAt) + 1_000, shouldAdvanceTime: true });
  server = await startPostgres();
  url = await server.createDatabase();
  const psql = path.join(findPostgresBin() as string, "psql");
  const load = spawnSync(psql, ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-f", FIXTURE_SQL], {
    encoding: "utf8",
  });
  if (load.status !== 0) throw new Error(`psql failed: ${load.stderr}`);
  migrationsBefore = await migrationRows();
  const secret = fs.readFileSync(path.join(FIXTURE_DATA, "session-secret"), "utf8").trim();
  t = await makeTestApp({ env: { DATABASE_URL: url, SESSION_SECRET: secret, PUBLIC_URL: FIXTURE.publicUrl } });
  admin = await adminCookie(t, ADMIN_ID);
});
afterAll(async () => {
  await t?.close();
  await server?.stop();
  vi.useRealTimers();
});

describe("a PostgreSQL database of the previous release", () => {
  it("keeps every migration it had applied, as it was, and adds only those it lacked", async () => {
    expect(migrationsBefore.length).toBeGreaterThan(0);
    const after = await migrationRows();
    expect(after).toEqual(expect.arrayContaining(migrationsBefore));
    expect(after.map((row) => row.name).sort()).toEqual(
      repositoryMigrations()
        .map((m) => m.name)
        .sort(),
    );
  });

  it("holds every record of the data folder it was imported from, every field kept", () => {
    // The PostgreSQL store's own export (`db export`), every collection as db.json holds it.
    const data = (t.store.engine as unknown as { exportData(): Record<string, unknown> }).exportData();
    const site = (data.revisions as { subject: string; siteRevisionId?: number }[]).filter((r) => r.subject === "site");
    expect(site.map((r) => r.siteRevisionId)).toEqual([1, 2, 3, 4]);
    const records = recordsWithSiteHistoryMoved(expected.records, site.length);
    // The home page of blocks, made on this first start from the published headline, took the next revision id.
    const pages = data.pages as { path: string; blocks: object[] }[];
    expect(pages.map((p) => p.path)).toEqual(["/"]);
    expect(pages[0]!.blocks[0]).toMatchObject({ type: "hero", headline: "Queues that wait for you" });
    (records.meta as { nextRevisionId: number }).nextRevisionId += 1;
    for (const { label, actual, expected: record } of pairRecords(data, records)) {
      expect(actual, label).toMatchObject(record as object);
    }
  });

  it("answers every admin read of its records as that release did for the folder", async () => {
    const moved = await movedSiteRevisions(t.store);
    const answers = await apiAnswers(
      t.app,
      admin,
      Object.keys(expected.api).map((url) => movedUrl(url, moved)),
    );
    for (const [url, body] of Object.entries(expected.api)) {
      const asNow = asAnsweredNow(url, inDatabase(url, body), expected.records, moved);
      expect(comparable(url, answers[movedUrl(url, moved)]), url).toEqual(comparable(url, asNow));
    }
  });

  it("answers every public page, old address and image as that release did for the folder", async () => {
    expect(await pageAnswers(t.app, Object.keys(expected.pages))).toEqual(expected.pages);
  });
});

/**
 * What differs on purpose between the folder and the database it was imported into: `db import`
 * copies no session (everyone signs in again), so only the session this test made is active.
 */
function inDatabase(url: string, body: unknown): unknown {
  if (url !== "/api/admin/users") return body;
  const { users } = body as { users: { id: number }[] };
  return { users: users.map((user) => ({ ...user, activeSessions: user.id === ADMIN_ID ? 1 : 0 })) };
}
