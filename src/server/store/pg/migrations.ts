import path from "node:path";
import { fileURLToPath } from "node:url";
import { readMigrationFolder, type Migration } from "./migrate";

/** The repository's migrations, read from the folder beside this module. */
export function repositoryMigrations(): Migration[] {
  return readMigrationFolder(path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations"));
}
