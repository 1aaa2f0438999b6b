import fs from "node:fs";
import path from "node:path";
import type pg from "pg";

/** One plain SQL file of `migrations/`, applied once, in the order of its name. */
export type Migration = { name: string; sql: string };

/**
 * The advisory lock every instance takes while it migrates, so two instances starting together
 * migrate once: the second waits, then finds nothing left to apply. Any fixed key of our own works.
 */
const MIGRATION_LOCK = 0x0e0e5173;

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MigrationError";
  }
}

/** The `NNN-name.sql` files of a folder, sorted by name. */
export function readMigrationFolder(dir: string): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ""), sql: fs.readFileSync(path.join(dir, file), "utf8") }));
}

/**
 * Applies the migrations the database lacks, each in its own transaction with its row in
 * `schema_migrations`, under the advisory lock. Answers the names applied now. A database that
 * records a migration this release does not know was migrated by a newer release: refused, since
 * this code would misread its tables.
 */
export async function migrate(client: pg.ClientBase, migrations: Migration[]): Promise<string[]> {
  await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
  try {
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await client.query<{ name: string }>("SELECT name FROM schema_migrations");
    const done = new Set(rows.map((row) => row.name));
    const known = new Set(migrations.map((m) => m.name));
    const unknown = [...done].filter((name) => !known.has(name));
    if (unknown.length) {
      throw new MigrationError(
        `The database has migrations this release does not know (${unknown.join(", ")}): ` +
          "it was migrated by a newer release. Run that release, or restore a database backup.",
      );
    }
    const applied: string[] = [];
    for (const migration of migrations.filter((m) => !done.has(m.name))) {
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query("INSERT INTO schema_migrations (name) VALUES ($1)", [migration.name]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        const reason = error instanceof Error ? error.message : String(error);
        throw new MigrationError(`Migration ${migration.name} failed and was rolled back: ${reason}`, {
          cause: error,
        });
      }
      applied.push(migration.name);
    }
    return applied;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
  }
}
