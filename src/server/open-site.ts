import { resolveSessionSecret } from "./auth/session-secret";
import type { Config } from "./config";
import { openJsonStore } from "./store/json-store";
import { openPgStore } from "./store/pg/pg-store";
import type { Store } from "./store/types";
import { ensureFirstAdmin } from "./users";

/**
 * Everything a server needs before it can answer: the store (the data folder's, which takes the
 * folder's lock, or PostgreSQL's with DATABASE_URL, migrated on open), the first admin from
 * ADMIN_USERNAME/ADMIN_PASSWORD, and the session secret. The host, the CLI and the tests all start here.
 */
export async function openSite(config: Config, options: { seed?: boolean } = {}) {
  const store = await openStore(config, options);
  try {
    await ensureFirstAdmin(store, config);
    const sessionSecret = await resolveSessionSecret(config.sessionSecret, config.dataDir);
    return { store, sessionSecret };
  } catch (err) {
    await store.close();
    throw err;
  }
}

export function openStore(config: Config, options: { seed?: boolean } = {}): Promise<Store> {
  return config.databaseUrl ? openPgStore(config.databaseUrl, options) : openJsonStore(config.dataDir, options);
}
