import http from "node:http";
import compression from "compression";
import express, { type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import type { Config } from "./config";
import { describeStorage, openSite } from "./open-site";
import { securityHeaders } from "./security-headers";

/**
 * The host (DESIGN.md section 7): the data folder, headers, compression, the browser's files,
 * then the app from createApp; it listens and stops cleanly. `serve` runs it for each way of
 * running (issue 6), which differ only in where the site comes from: Vite in development
 * (server.ts under tsx), build/ beside build/server.js, or the single executable's own bundle.
 */
export type Site = {
  /** The React Router server build, or a getter (Vite's dev server hands a fresh one per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Answers the browser's files (Vite's middleware in development) and passes on anything else. */
  clientFiles: RequestHandler;
  /** Releases what the site holds open (Vite's file watcher) once the server has stopped. */
  close?: () => Promise<void>;
};

export type LoadSite = (config: Config) => Promise<Site>;

/** Requests still running this long after the signal are cut, so a stop takes under 10 s (issue 6). */
const SHUTDOWN_GRACE_MS = 9_000;

/**
 * Serves until SIGTERM or SIGINT, then stops accepting connections, lets requests in flight and
 * pending writes finish, and releases the data folder (issue 6). Logs go to stdout only.
 */
export async function serveUntilSignal(config: Config, loadSite: LoadSite): Promise<void> {
  // The folder first: a busy folder is refused before Vite starts watching files.
  const { store, sessionSecret } = await openSite(config);
  let site: Site | undefined;
  try {
    site = await loadSite(config);
    const app = createApp({ config, store, sessionSecret, build: site.build });
    const host = express();
    host.disable("x-powered-by");
    host.use(securityHeaders({ dev: config.env !== "production" }));
    host.use(compression());
    host.use(site.clientFiles);
    host.use(app);
    // A page the cache holds is answered before Express runs: Express's routing, the headers above
    // and the file lookup cost several times the answer itself (issue 7, `npm run bench`).
    // The kept page replays the headers this stack gave it when it was rendered.
    const server = http.createServer((req, res) => app.htmlCache.serve(req, res) || host(req, res));
    const port = await listen(server, config);
    console.log(`Site ready on http://localhost:${port} (${describeStorage(config)})`);

    const signal = await nextSignal();
    console.log(`${signal} received: finishing requests in flight, then stopping.`);
    await closeServer(server);
  } finally {
    // Also after a failed start (a taken port), so the folder's lock is released and the process can exit.
    await site?.close?.();
    await store.close();
  }
}

function listen(server: http.Server, { port, host }: Config): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject); // a taken port: the caller releases the folder and says why
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/** The first SIGTERM or SIGINT; later ones are ignored while the stop runs, instead of killing it. */
function nextSignal(): Promise<NodeJS.Signals> {
  const signals: NodeJS.Signals[] = ["SIGTERM", "SIGINT"];
  return new Promise((resolve) => {
    for (const signal of signals) process.on(signal, () => resolve(signal));
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
