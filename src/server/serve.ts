import http from "node:http";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import type { Config } from "./config";
import { createCacheWarmer, writesInFlight } from "~/server/page-cache/cache-warmer";
import { gracefulStop } from "~/server/http/graceful-stop";
import { applySocketLimits, SERVER_OPTIONS } from "~/server/http/socket-limits";
import { describeStorage, openSite } from "~/server/operations/open-site";
import { SETUP_MESSAGES } from "~/shared/setup";
import { loopbackGet } from "~/server/page-cache/loopback-get";
import { warmStart } from "~/server/page-cache/warm-start";

/**
 * The host (docs/architecture.md section 7): the data folder, then the app from createApp (which
 * answers the browser's files too); it listens and stops cleanly. `serve` runs it for each way of
 * running, which differ only in where the site comes from: Vite in development
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

/**
 * Serves until SIGTERM or SIGINT, then stops accepting connections, closes idle keep-alive
 * sockets at once, answers every request already received (with `Connection: close`), cuts what
 * is still open after SHUTDOWN_TIMEOUT_MS, lets pending writes finish and releases the data folder
 * (graceful-stop.ts, docs/decisions/153-a-stop-closes-idle-sockets.md). Logs go to stdout only.
 */
export async function serveUntilSignal(config: Config, loadSite: LoadSite): Promise<void> {
  // The folder first: a busy folder is refused before Vite starts watching files.
  const { store, sessionSecret, sessionRecords, activity, files, close } = await openSite(config);
  let site: Site | undefined;
  try {
    site = await loadSite(config);
    const { build, clientFiles } = site;
    const app = createApp({ config, store, sessionSecret, sessionRecords, activity, files, build, clientFiles });
    // docs/decisions/050-uncached-rendering.md: the first readers after a start get a warm renderer.
    // Not under Vite, whose first requests compile the modules instead.
    if (config.env === "production" && config.warmUpMs > 0) {
      await warmStart(
        {
          render: (req, res) => {
            app.htmlCache.bypass(req);
            app(req, res);
          },
          store,
        },
        config.warmUpMs,
      );
    }
    const server = http.createServer(SERVER_OPTIONS);
    const stopper = gracefulStop(server);
    const writes = writesInFlight();
    const handle: http.RequestListener = (req, res) => {
      writes.track(req, res);
      app(req, res);
    };
    server.on("request", stopper.track(handle));
    applySocketLimits(server, config);
    const port = await listen(server, config);
    // docs/decisions/016-first-run-setup-link.md: the one-time link goes to the operator's own output,
    // before the ready line that scripts and tests wait for.
    const setupLink = await app.setup.issueLink(setupBase(config, port));
    const ready = `Site ready on http://localhost:${port} (${describeStorage(config)})`;
    console.log(setupLink ? `${ready}\n${SETUP_MESSAGES.startupLine(setupLink)}` : ready);
    const warmer =
      config.htmlCacheBytes > 0
        ? createCacheWarmer({
            store,
            fetchPage: loopbackGet(server, CACHE_WARMER_GET),
            quiet: writes.quiet,
            onDrop: app.htmlCache.onDrop,
          })
        : undefined;
    app.htmlCache.renderAgainThrough(
      loopbackGet(server, { ...RENDER_AGAIN_GET, headers: app.htmlCache.renderAgainHeaders }),
    );

    const signal = await nextSignal();
    const started = Date.now();
    warmer?.stop();
    // The server stops accepting within this call, so whoever reads the line below finds the port closed.
    const stopping = stopper.stop(config.shutdownTimeoutMs);
    console.log(`${signal} received: finishing requests in flight, then stopping.`);
    const { inFlight, cut } = await stopping;
    const cutNote = cut > 0 ? `, ${cut} cut after ${config.shutdownTimeoutMs} ms` : "";
    const were = inFlight === 1 ? "request was" : "requests were";
    console.log(`Stopped in ${Date.now() - started} ms: ${inFlight} ${were} in flight${cutNote}.`);
    await app.stop();
  } finally {
    // Also after a failed start (a taken port), so the folder's lock is released and the process can exit.
    await site?.close?.();
    await close();
  }
}

/** PUBLIC_URL when the operator set it, else this machine's port (PORT=0 picks one at listen time). */
function setupBase(config: Config, port: number): string {
  return config.missingProductionSettings.includes("PUBLIC_URL") ? `http://localhost:${port}` : config.publicUrl;
}

/** The cache warmer's requests go as a reader's would, compressed, so it renders what readers get. */
const CACHE_WARMER_GET = { userAgent: "queuesite-cache-warmer", acceptEncoding: "br, gzip", timeoutMs: 30_000 };
/** A save waits for these (docs/decisions/142-a-save-answers-once-its-page-is-rendered.md): not for long. */
const RENDER_AGAIN_GET = { userAgent: "queuesite-render-again", acceptEncoding: "br, gzip", timeoutMs: 5_000 };

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
