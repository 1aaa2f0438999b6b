import { createRequestHandler } from "@react-router/express";
import express, { type ErrorRequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { apiRouter } from "./api/router";
import { createGuards } from "./auth/guards";
import { createSessions } from "./auth/session";
import { createBackupService } from "./backups/backup-service";
import { createBlogService } from "./blog";
import type { Config } from "./config";
import { createContactService } from "./contact";
import type { AppContext } from "./context";
import { HttpError } from "./errors";
import { createHtmlCache } from "./html-cache";
import { createHealthService } from "./health";
import { createMediaLibrary } from "./media/media-library";
import { mediaRouter } from "./media/media-router";
import { createMediaService } from "./media/media-service";
import { createSocialCards } from "./media/social-cards";
import { createPostService } from "./posts";
import type { Store } from "./store/types";

export type AppDeps = {
  config: Config;
  store: Store;
  /** Seals session cookies (see openSite). */
  sessionSecret: string;
  /** The React Router server build, or a getter (Vite's dev server hands a fresh one per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
};

/**
 * The request handler, apart from the host (serve.ts) so tests can build one on a temporary
 * data folder: the rendered-page cache, the /api routers, then React Router for every page
 * (DESIGN.md section 7). The answer carries its `htmlCache`, whose `serve` the host calls before
 * Express runs at all (issue 7).
 */
export function createApp({ config, store, sessionSecret, build }: AppDeps) {
  const sessions = createSessions(store, sessionSecret);
  const media = createMediaLibrary(config.dataDir);
  const context: AppContext = {
    config,
    store,
    blog: createBlogService(store, media),
    contact: createContactService({ store, webhookUrl: config.contactWebhookUrl }),
    posts: createPostService(store),
    sessions,
    backups: createBackupService({ store, dataDir: config.dataDir, keep: config.backupKeep, media }),
    health: createHealthService({ store, config }),
    media,
    mediaAdmin: createMediaService({ store, media, dataDir: config.dataDir }),
  };

  const htmlCache = createHtmlCache({ maxBytes: config.htmlCacheBytes, store });
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy) app.set("trust proxy", true);

  app.use(htmlCache.middleware);
  app.use("/api", apiRouter(context, createGuards(sessions)));
  app.use(mediaRouter(media));
  app.use(createSocialCards({ store, media }).router);
  app.use(
    createRequestHandler({
      build,
      mode: config.env === "production" ? "production" : "development",
      getLoadContext: (req) => ({ ...context, clientIp: req.ip ?? "unknown" }),
    }),
  );
  app.use(errorHandler);
  return Object.assign(app, { htmlCache });
}

/** One place maps thrown errors to JSON `{message, errors?}`; unknown ones are a logged 500. */
const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  if (err instanceof HttpError) {
    if (err.headers) res.set(err.headers);
    res.status(err.status).json({ message: err.message, ...(err.errors && { errors: err.errors }) });
    return;
  }
  console.error(err);
  res.status(500).json({ message: "Something went wrong on our side. Please try again." });
};
