import type { CliEntry, Values } from "~/server/cli";
import { loadConfig, type Config } from "~/server/config";
import type { openSite } from "~/server/operations/open-site";
import type { Store } from "~/server/records/store";

/** The environment, then the entry's fixed settings, then the flags given. */
export function configOf(values: Values, entry?: CliEntry): Config {
  const flags = { PORT: values.port, HOST: values.host, DATA_DIR: values.data };
  const given = Object.entries(flags).filter((flag): flag is [string, string] => typeof flag[1] === "string");
  return loadConfig({ ...process.env, ...entry?.env, ...Object.fromEntries(given) });
}

type Site = Awaited<ReturnType<typeof openSite>>;

/**
 * Opens the data folder (or DATABASE_URL's database) as a server start would, hands it to `use`
 * and closes it. The store's modules and the PostgreSQL driver are imported here, when a command
 * has checked its input, so a refused command never loads them
 * (docs/decisions/143-commands-loaded-when-they-run.md).
 */
export async function withStore(
  values: Values,
  use: (store: Store, site: Site) => Promise<void>,
  options: { seed?: boolean } = {},
): Promise<void> {
  const { openSite } = await import("~/server/operations/open-site");
  const site = await openSite(configOf(values), options);
  try {
    await use(site.store, site);
  } finally {
    await site.close();
  }
}
