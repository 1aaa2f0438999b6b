import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MigrationError, migrate, readMigrationFolder } from "~/server/store/pg/migrate";
import { repositoryMigrations } from "~/server/store/pg/migrations";
import { embeddedMigrationsModule } from "../../scripts/embed-migrations.mjs";
import { startPostgres, type RunningPostgres } from "../helpers/postgres";

const MIGRATIONS = path.resolve("src/server/store/pg/migrations");

let server: RunningPostgres;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function tables(client: pg.Client) {
  const { rows } = await client.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  return rows.map((r) => r.tablename);
}

describe("migrate", () => {
  it("reads the repository's migrations in order", () => {
    const names = readMigrationFolder(MIGRATIONS).map((m) => m.name);
    expect(names[0]).toBe("001-initial");
    expect(names).toEqual([...names].sort());
  });

  it("bundles carry the same migrations as the source folder", () => {
    const module = embeddedMigrationsModule(MIGRATIONS);
    const embedded: unknown = JSON.parse(
      module
        .slice(module.indexOf("=> ") + 3)
        .trim()
        .replace(/;$/, ""),
    );
    expect(embedded).toEqual(readMigrationFolder(MIGRATIONS));
    expect(repositoryMigrations()).toEqual(readMigrationFolder(MIGRATIONS));
  });

  it("applies every migration once, even when two instances start together", async () => {
    const url = await server.createDatabase();
    const [a, b] = await Promise.all([connect(url), connect(url)]);
    const migrations = readMigrationFolder(MIGRATIONS);
    const [first, second] = await Promise.all([migrate(a, migrations), migrate(b, migrations)]);
    expect([...first, ...second].sort()).toEqual(migrations.map((m) => m.name));
    expect(await tables(a)).toEqual([
      "activity",
      "analytics_daily",
      "api_tokens",
      "backups",
      "invitations",
      "media",
      "messages",
      "newsletter_deliveries",
      "newsletter_sends",
      "outbox_claims",
      "page_trash",
      "pages",
      "post_trash",
      "posts",
      "rate_limits",
      "redirects",
      "revisions",
      "schema_migrations",
      "sessions",
      "setup_tokens",
      "store_changes",
      "store_documents",
      "store_state",
      "subscribers",
      "tags",
      "users",
      "webhook_deliveries",
      "webhooks",
    ]);
    expect(await migrate(a, migrations)).toEqual([]);
    await Promise.all([a.end(), b.end()]);
  });

  it("rolls a failing migration back whole and says which one failed", async () => {
    const client = await connect(await server.createDatabase());
    const broken = [{ name: "001-broken", sql: "CREATE TABLE half (id int); SELECT * FROM missing_table;" }];
    const failure = await migrate(client, broken).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toMatch(/^Migration 001-broken failed and was rolled back: .*missing_table/);
    expect(await tables(client)).toEqual(["schema_migrations"]);
    const { rowCount } = await client.query("SELECT 1 FROM schema_migrations");
    expect(rowCount).toBe(0);
    await client.end();
  });

  it("refuses a database migrated by a newer release", async () => {
    const client = await connect(await server.createDatabase());
    const migrations = readMigrationFolder(MIGRATIONS);
    await migrate(client, [...migrations, { name: "999-from-the-future", sql: "SELECT 1" }]);
    await expect(migrate(client, migrations)).rejects.toThrow(/999-from-the-future.*newer release/);
    await client.end();
  });
});
