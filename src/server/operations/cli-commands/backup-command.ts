import type { CommandRun } from "~/server/cli";
import { backupExtrasOf } from "~/server/backups/backup-service";
import { takeBackup } from "~/server/backups/backup-shelf";
import { backupDataFolder } from "~/server/backups/data-folder-backup";
import { CLI_MESSAGES } from "../cli-messages";
import { configOf, withStore } from "./command-site";

/**
 * `backup`. Safe while a server runs: it reads db.json without taking the folder's lock, and
 * never writes it; only the backups folder is written. With DATABASE_URL the backup is taken from
 * the database into its backups table, where every instance lists it.
 */
export const backup: CommandRun = async (values) => {
  const config = configOf(values);
  if (config.databaseUrl) {
    await withStore(
      values,
      async (store, { files, activity }) => {
        const { name, count } = await takeBackup(
          files.backups,
          files.media,
          await store.listPosts(),
          config.backupKeep,
          await backupExtrasOf(store, activity, files.analytics),
        );
        console.log(CLI_MESSAGES.backedUp(count, name));
      },
      { seed: false },
    );
    return;
  }
  const { file, count } = await backupDataFolder(config.dataDir, config.backupKeep);
  console.log(CLI_MESSAGES.backedUp(count, file));
};
