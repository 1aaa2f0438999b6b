// The site on the data folder named on the command line, for the write timings of `npm run bench`
// (writes.ts): `journal` as the server runs it, or `whole-file`, every write rewriting all of db.json
// as before docs/decisions/092-a-journal-beside-db-json.md. Prints "ready PORT" once listening.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "~/server/app";
import { loadConfig } from "~/server/config";
import { openSite } from "~/server/operations/open-site";
import { loadServerBuild } from "../../tests/helpers/route-assets";

const [dataDir, layout] = process.argv.slice(2);
const config = loadConfig({ ...process.env, NODE_ENV: "production", DATA_DIR: dataDir });
const site = await openSite(config, { wholeFile: layout === "whole-file" });
const app = createApp({ config, ...site, build: await loadServerBuild() });
const server = http
  .createServer(app)
  .listen(0, "127.0.0.1", () => console.log(`ready ${(server.address() as AddressInfo).port}`));
process.on("SIGTERM", () => {
  server.close();
  void site.close().then(() => process.exit(0));
});
