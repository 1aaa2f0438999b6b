import type { CommandRun } from "~/server/cli";
import { serveUntilSignal } from "~/server/serve";
import { configOf } from "./command-site";

/** `serve`: the site from the entry's loadSite, until SIGTERM or Ctrl-C. */
export const serve: CommandRun = (values, _args, entry) => serveUntilSignal(configOf(values, entry), entry.loadSite);
