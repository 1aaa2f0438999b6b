import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DB_MESSAGES } from "~/server/operations/db-commands";
import { cli, closeStores, root, storeOf, type Run } from "../helpers/cli";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

/**
 * docs/decisions/143-commands-loaded-when-they-run.md: each process of the command line loads only
 * the packages its command needs. The bundle runs with a hook that logs every module it imports
 * (tests/helpers/import-log-hook.mjs), and the packages are read off the logged URLs.
 */
afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

const HOOK = path.join(root, "tests/helpers/import-log-hook.mjs");
/** The packages only serving needs: the web server, React Router, mail, uploads, sessions, PostgreSQL. */
const SERVING = [
  "express",
  "react-router",
  "@react-router/node",
  "nodemailer",
  "multer",
  "helmet",
  "iron-session",
  "pg",
];

/** The package a module URL is in ("@scope/name" or "name"), or nothing for our own files and Node's. */
function packageOf(url: string): string | undefined {
  return /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
}

async function packagesLoadedBy(
  args: string[],
  env: Record<string, string> = {},
): Promise<Run & { packages: string[] }> {
  const log = path.join(makeTempDir("cli-imports-"), "imports.log");
  const run = await cli(args, { env: { ...env, IMPORT_LOG: log }, nodeArgs: ["--import", HOOK] });
  const urls = readFileSync(log, "utf8").split("\n");
  return { ...run, packages: [...new Set(urls.map(packageOf).filter((name) => name !== undefined))].sort() };
}

describe("what a command line process loads", () => {
  it.each([
    [["--help"], 0],
    [["--version"], 0],
    [["backup", "--bogus"], 2],
    [["frobnicate"], 2],
  ])("`%s` loads no package and exits %i", async (args, code) => {
    const run = await packagesLoadedBy(args);
    expect(run.code).toBe(code);
    expect(run.packages).toEqual([]);
  });

  it("`backup` of a data folder loads none of the packages only serving needs", async () => {
    const dataDir = makeTempDir("cli-imports-");
    await storeOf(dataDir);
    const run = await packagesLoadedBy(["backup", "--data", dataDir]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.packages.filter((name) => SERVING.includes(name))).toEqual([]);
  });

  it("a `db` command loads the PostgreSQL driver it needs (so the log does see packages)", async () => {
    const run = await packagesLoadedBy(["db", "migrate"], { DATABASE_URL: "" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(DB_MESSAGES.noDatabase);
    expect(run.packages).toContain("pg");
  });
});
