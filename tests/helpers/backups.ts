import fs from "node:fs";
import path from "node:path";
import { backupsDir } from "~/server/backups/backup-folder";

/** Puts a backup's text into a data folder's backups, as an operator copies one from another site. */
export function copyBackupInto(dataDir: string, name: string, text: string): void {
  fs.mkdirSync(backupsDir(dataDir), { recursive: true });
  fs.writeFileSync(path.join(backupsDir(dataDir), name), text);
}
