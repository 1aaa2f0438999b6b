import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { createApp } from "~/server/app";
import { loadConfig } from "~/server/config";
import { openSite } from "~/server/operations/open-site";
import type { OpenJsonStoreOptions } from "~/server/store/json-store";
import type { HashCost } from "~/server/users/users";
import { serverBuild } from "./server-build";

/** scrypt at N=2^10 unless a test asks for the default (`hashCost: {}`), which production uses. */
const CHEAP_HASHES = { logN: 10 };

/**
 * An app from createApp on a fresh temporary data folder (docs/architecture.md section 7), unseeded unless
 * asked, for supertest. `close` releases and removes the folder.
 */
export async function makeTestApp({
  seed = false,
  env = {},
  wrapAdapter,
  dataDir = mkdtempSync(path.join(tmpdir(), "queuesite-api-")),
  hashCost = CHEAP_HASHES,
}: { seed?: boolean; env?: Record<string, string>; dataDir?: string; hashCost?: HashCost } & Pick<
  OpenJsonStoreOptions,
  "wrapAdapter"
> = {}) {
  // No scheduled backups unless a test asks: one would appear in the backups a test counts.
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, BACKUP_SCHEDULE: "off", ...env });
  const site = await openSite(config, { seed, wrapAdapter });
  const { store, sessionSecret, sessionRecords, activity, files } = site;
  const app = createApp({
    ...{ config, store, sessionSecret, sessionRecords, activity, files },
    build: await serverBuild(),
    hashCost,
  });
  return {
    app,
    store,
    config,
    sessionSecret,
    dataDir,
    sessionRecords,
    activity,
    /** Closes the site but keeps its folder, for a fresh app on it (`makeTestApp({ dataDir })`). */
    release: async () => {
      await app.stop();
      await site.close();
    },
    close: async () => {
      await app.stop();
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>;

/**
 * A test app for each test (or, with `perFile`, one for the whole file), closed after it. The
 * object returned is filled in before the tests run, so a test file keeps one `t` at top level.
 */
export function useTestApp({
  perFile = false,
  ...options
}: { perFile?: boolean } & Parameters<typeof makeTestApp>[0] = {}) {
  const t = {} as TestApp;
  (perFile ? beforeAll : beforeEach)(async () => {
    Object.assign(t, await makeTestApp(options));
  });
  (perFile ? afterAll : afterEach)(() => t.close());
  return t;
}
