import { openSessionRecords } from "./auth/session-records";
import { resolveSessionSecret } from "./auth/session-secret";
import type { Config } from "./config";
import { removeLeftovers } from "./leftovers";
import { openJsonStore, type OpenJsonStoreOptions } from "./store/json-store";
import { ensureFirstAdmin } from "./users";

/**
 * Everything a server needs from its data folder before it can answer: the store (which takes
 * the folder's lock), the first admin from ADMIN_USERNAME/ADMIN_PASSWORD, the session secret and
 * the session records. The host, the CLI and the tests all start here; `close` releases it all.
 */
export async function openSite(config: Config, options: OpenJsonStoreOptions = {}) {
  const store = await openJsonStore(config.dataDir, options);
  try {
    await removeLeftovers(config.dataDir);
    await ensureFirstAdmin(store, config);
    const sessionSecret = await resolveSessionSecret(config.sessionSecret, config.dataDir);
    const sessionRecords = await openSessionRecords(config.dataDir);
    const close = async () => {
      await sessionRecords.close();
      await store.close();
    };
    return { store, sessionSecret, sessionRecords, close };
  } catch (err) {
    await store.close();
    throw err;
  }
}
