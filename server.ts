import http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { createApp } from "./src/server/app";
import { ConfigError, loadConfig } from "./src/server/config";
import { securityHeaders } from "./src/server/security-headers";
import { openSite } from "./src/server/open-site";

/**
 * The host (DESIGN.md section 7): configuration, the data folder, headers, compression, static
 * files (or Vite in development), then the app from createApp; it listens and stops cleanly.
 * `npm run dev` runs this file with tsx; `npm run build` bundles it to build/server.js.
 */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const dev = config.env !== "production";
  const { store, sessionSecret } = await openSite(config);

  const host = express();
  host.disable("x-powered-by");
  host.use(securityHeaders({ dev }));
  host.use(compression());

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (dev) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    host.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const clientDir = new URL("./client/", import.meta.url).pathname;
    // Vite fingerprints everything under /assets, so those files never change (DESIGN.md section 6).
    host.use("/assets", express.static(`${clientDir}assets`, { immutable: true, maxAge: "1y" }));
    // Every file in the client build has an extension and no page has one: asking the disk about
    // each page request took 8% of a render (issue 7, profiled under `npm run bench`).
    const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
    host.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
    build = (await import(new URL("./server/index.js", import.meta.url).href)) as ServerBuild;
  }
  const app = createApp({ config, store, sessionSecret, build });
  host.use(app);

  // A page the cache holds is answered before Express runs: Express's routing, the headers above
  // and the static-file lookup cost several times the answer itself (issue 7, `npm run bench`).
  // The kept page replays the headers this stack gave it when it was rendered.
  const server = http.createServer((req, res) => app.htmlCache.serve(req, res) || host(req, res));
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    console.log(`Site ready on http://localhost:${port} (data folder ${config.dataDir})`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then stopping.`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS - 1000).unref();
    server.close(async () => {
      clearTimeout(force);
      await store.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
});
