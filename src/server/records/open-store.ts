import { openJsonEngine, type OpenJsonStoreOptions } from "~/server/store/json-store";
import { openPgEngine, type OpenPgStoreOptions, type PgStore } from "~/server/store/pg/pg-store";
import { Store } from "./store";

/** The data folder's records (docs/architecture.md section 4). */
export async function openJsonStore(dataDir: string, options: OpenJsonStoreOptions = {}): Promise<Store> {
  return new Store(await openJsonEngine(dataDir, options));
}

/** PostgreSQL's records (docs/decisions/040-postgres-store-mirrors-the-records.md); `engine` has `db import` and `db export`. */
export async function openPgStore(url: string, options: OpenPgStoreOptions = {}): Promise<Store<PgStore>> {
  return new Store(await openPgEngine(url, options));
}
