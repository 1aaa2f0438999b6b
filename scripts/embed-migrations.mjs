// An esbuild plugin for both bundles (build/server.js and the single executable): it replaces
// src/server/store/pg/migrations.ts, which reads the SQL files from the source folder, with a
// module holding their text, so a bundle carries its migrations wherever it is copied
// (docs/decisions/041-postgres-settings.md).
import fs from "node:fs";
import path from "node:path";

/** The same rule as readMigrationFolder in src/server/store/pg/migrate.ts (tests compare the two). */
const MIGRATION_FILE = /^\d{3}-[a-z0-9-]+\.sql$/;

export function embeddedMigrationsModule(dir) {
  const migrations = fs
    .readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ""), sql: fs.readFileSync(path.join(dir, file), "utf8") }));
  return `export const repositoryMigrations = () => ${JSON.stringify(migrations)};\n`;
}

export function embedMigrations() {
  return {
    name: "embed-migrations",
    setup(build) {
      build.onLoad({ filter: /[\\/]store[\\/]pg[\\/]migrations\.ts$/ }, (args) => {
        const dir = path.join(path.dirname(args.path), "migrations");
        return { contents: embeddedMigrationsModule(dir), loader: "js", watchDirs: [dir] };
      });
    },
  };
}
