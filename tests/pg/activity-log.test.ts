import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { ACTIVITY_FILE } from "~/server/activity/activity-file";
import { loadConfig } from "~/server/config";
import { exportDataFolder, importDataFolder } from "~/server/operations/db-commands";
import { ACTIVITY_KIND_NAMES, type ActivityPage } from "~/shared/activity";
import { doEachActivityKind } from "../helpers/activity-actions";
import { signedIn } from "../helpers/sign-in";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { SESSION_SECRET, useTwoInstances } from "../helpers/two-instances";

/** The activity log in PostgreSQL's activity table (docs/decisions/102-activity-log.md). */
const { instances, server } = useTwoInstances();
const CLIENT = "198.51.100.23";

describe("the activity log on PostgreSQL", () => {
  it("two instances append to one log: each kind once, seen alike from both; rows are never changed; db export and import carry it", async () => {
    const { apps } = await instances(2, { TRUST_PROXY: "true" });
    const admin = await signedIn(apps[0]!, "admin");
    await doEachActivityKind(apps, admin.cookie, CLIENT);

    const pages = await Promise.all(
      apps.map(
        async (app) =>
          (await request(app.app).get("/api/admin/activity").set("Cookie", admin.cookie).expect(200))
            .body as ActivityPage,
      ),
    );
    expect(pages[1]).toEqual(pages[0]);
    const kinds = pages[0]!.entries.map((e) => e.kind);
    expect(kinds.sort()).toEqual([...ACTIVITY_KIND_NAMES].sort());
    expect(new Set(pages[0]!.entries.map((e) => e.ip))).toEqual(new Set([CLIENT]));

    const url = apps[0]!.config.databaseUrl!;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await expect(client.query("UPDATE activity SET what = 'rewritten'")).rejects.toThrow(/never changed/);
    } finally {
      await client.end();
    }

    const dataDir = makeTempDir("activity-export-");
    try {
      await exportDataFolder(loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, SESSION_SECRET }));
      const lines = (await fs.readFile(path.join(dataDir, ACTIVITY_FILE), "utf8")).trimEnd().split("\n");
      const ids = pages[0]!.entries.map((e) => e.id).sort();
      expect(lines.map((l) => (JSON.parse(l) as { id: string }).id).sort()).toEqual(ids);

      // And back into a new database.
      const fresh = await server().createDatabase();
      await importDataFolder(loadConfig({ DATABASE_URL: fresh, DATA_DIR: dataDir, SESSION_SECRET }));
      const other = new pg.Client({ connectionString: fresh });
      await other.connect();
      try {
        const { rows } = await other.query<{ id: string }>("SELECT id FROM activity");
        expect(rows.map((r) => r.id).sort()).toEqual(ids);
      } finally {
        await other.end();
      }
    } finally {
      await removeTempDirs();
    }
  });
});
