import { afterAll, afterEach, beforeAll } from "vitest";
import { loadConfig } from "~/server/config";
import { folderFiles, openSiteFiles } from "~/server/operations/site-files";
import { siteFilesContract } from "../contract/site-files-contract";
import { startPostgres, type RunningPostgres } from "../helpers/postgres";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";
import { openPgStore } from "~/server/records/open-store";

let server: RunningPostgres;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());
afterEach(() => removeTempDirs());

siteFilesContract("data folder", () => Promise.resolve(folderFiles(makeTempDir("site-files-"))));

siteFilesContract("PostgreSQL", async () => {
  const url = await server.createDatabase();
  await (await openPgStore(url, { seed: false })).close(); // the migrations
  return openSiteFiles(
    loadConfig({ DATA_DIR: makeTempDir("site-files-"), DATABASE_URL: url, SESSION_SECRET: "x".repeat(40) }),
  );
});
