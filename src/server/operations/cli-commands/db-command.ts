import type { CommandRun, Values } from "~/server/cli";
import type { Config } from "~/server/config";
import {
  compactDataFolder,
  exportDataFolder,
  importDataFolder,
  migrateDatabase,
} from "~/server/operations/db-commands";
import { configOf } from "./command-site";

/** A `db` command: db-commands.ts does the work and answers what to print. */
const printing =
  (work: (config: Config) => Promise<string>): CommandRun =>
  async (values: Values) =>
    console.log(await work(configOf(values)));

export const migrate = printing(migrateDatabase);
export const importFolder = printing(importDataFolder);
export const exportFolder = printing(exportDataFolder);
export const compact = printing(compactDataFolder);
