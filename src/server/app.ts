import { createRequestHandler } from "@react-router/express";
import express, { type ErrorRequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { apiRouter } from "~/server/http/api-router";
import { createAuthService } from "./auth/auth-service";
import { createGuards } from "./auth/guards";
import type { SessionRecords } from "./auth/session-cache";
import { createSessions } from "./auth/session";
import { createBackupService } from "./backups/backup-service";
import { createBlogService } from "~/server/posts/blog";
import type { Config } from "./config";
import { createContactService } from "~/server/contact/contact";
import type { AppContext } from "./context";
import { HttpError, outcomeOf } from "~/server/http/errors";
import { createSetupService } from "~/server/users/first-run";
import { createInboxService } from "~/server/contact/inbox";
import { createMailNotifier } from "~/server/contact/mail-notifier";
import { createHtmlCache } from "~/server/page-cache/html-cache";
import { createHealthService } from "~/server/operations/health";
import { createPostSearch } from "~/server/posts/post-search";
import { createMediaLibrary } from "./media/media-library";
import { mediaRouter } from "./media/media-router";
import { createMediaService } from "./media/media-service";
import { createSocialCards } from "./media/social-cards";
import { createPostService } from "~/server/posts/posts";
import { storageErrorOf } from "~/server/store/storage-errors";
import { contentSecurityPolicy, securityHeaders } from "~/server/http/security-headers";
import { clientErrorsKeepTheirStatus, rejectUnreadableRequests } from "~/server/http/request-guards";
import { folderFiles, type SiteFiles } from "~/server/store/site-files";
import type { Store } from "./store/types";
import { createTagService } from "~/server/tags/tags";

export type AppDeps = {
  config: Config;
  store: Store;
  /** Seals session cookies (see openSite). */
  sessionSecret: string;
  /** The data folder's sessions.json (see openSite). */
  sessionRecords: SessionRecords;
  /** Where images and backups are kept (openSite's `files`); the data folder's when left out without DATABASE_URL. */
  files?: SiteFiles;
  /** The React Router server build, or a getter (Vite's dev server hands a fresh one per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
};

/**
 * The request handler, apart from the host (serve.ts) so tests can build one on a temporary
 * data folder: the rendered-page cache, the /api routers, then React Router for every page
 * (docs/architecture.md section 7). The answer carries its `htmlCache`, whose `serve` the host calls before
 * Express runs at all.
 */
export function createApp({
  config,
  store,
  sessionSecret,
  sessionRecords,
  files = folderFilesOnly(config),
  build,
}: AppDeps) {
  const auth = createAuthService({ store, records: sessionRecords });
  const sessions = createSessions(auth.resolve, sessionSecret);
  const notifier = notifierFor(config, store);
  const posts = createPostService(store);
  const media = createMediaLibrary(config.dataDir, files.media, { maxPixels: config.maxImagePixels });
  const shelf = files.backups;
  const context: AppContext = {
    config,
    outcomeOf,
    store,
    blog: createBlogService(store, media),
    contact: createContactService({ store, webhookUrl: config.contactWebhookUrl, notifier }),
    posts,
    sessions,
    auth,
    backups: createBackupService({ store, dataDir: config.dataDir, keep: config.backupKeep, media, shelf }),
    health: createHealthService({ store, config, backups: shelf }),
    inbox: createInboxService(store),
    postSearch: createPostSearch(posts),
    tags: createTagService(store),
    setup: createSetupService(store, { tokens: files.setupTokens }),
    media,
    mediaAdmin: createMediaService({ store, media, dataDir: config.dataDir, shelf }),
  };
  void notifier?.resumePending();

  const dev = config.env !== "production";
  const htmlCache = createHtmlCache({ maxBytes: config.htmlCacheBytes, store });
  const app = express();
  app.disable("x-powered-by");
  // A hop count or a list, never `true`: see src/server/http/trust-proxy.ts.
  if (config.trustProxy !== false) app.set("trust proxy", config.trustProxy);

  app.use(securityHeaders({ dev }));
  app.use(rejectUnreadableRequests);
  app.use(htmlCache.middleware);
  app.use(sessions.clearUnusable);
  const guards = createGuards(sessions);
  app.use("/api", apiRouter(context, guards));
  app.use(mediaRouter(media));
  app.use(createSocialCards({ store, media }).router);
  // The pages' forms (the contact form) refuse another site's posts as the API does.
  app.use(guards.requireSameOrigin);
  app.use(
    createRequestHandler({
      build,
      mode: config.env === "production" ? "production" : "development",
      getLoadContext: (req, res) => ({
        ...context,
        clientIp: req.ip ?? "unknown",
        documentHtml: new Map(),
        // Set on the Express response itself: React Router appends its own headers, which would
        // send a second policy, and browsers enforce every policy they get.
        setPageScriptHashes: (scriptHashes) =>
          res.setHeader("Content-Security-Policy", contentSecurityPolicy({ dev, scriptHashes })),
      }),
    }),
  );
  app.use(clientErrorsKeepTheirStatus);
  app.use(errorHandler);
  // `setup` prints the first-run link once listening; `stop` ends mail retries before the store closes.
  return Object.assign(app, { htmlCache, setup: context.setup, stop: () => notifier?.stop() });
}

/** With DATABASE_URL, images and backups must come from the database: the data folder is this instance's alone. */
function folderFilesOnly(config: Config): SiteFiles {
  if (config.databaseUrl) throw new Error("createApp needs openSite's files when DATABASE_URL is set.");
  return folderFiles(config.dataDir);
}

function notifierFor(config: Config, store: Store) {
  if (!config.smtpUrl || !config.contactNotifyTo) return undefined;
  return createMailNotifier({
    store,
    smtpUrl: config.smtpUrl,
    to: config.contactNotifyTo,
    from: config.contactNotifyFrom,
    retryDelaysMs: config.smtpRetryDelaysMs,
  });
}

/**
 * One place maps thrown errors to JSON `{message, errors?}`; a disk failure thrown raw (a backup
 * file) gets its StorageError status and words; unknown ones are a logged 500.
 */
const errorHandler: ErrorRequestHandler = (thrown, _req, res, _next) => {
  const storage = thrown instanceof HttpError ? undefined : storageErrorOf(thrown);
  if (storage) console.error(thrown);
  const err: unknown = storage ?? thrown;
  if (err instanceof HttpError) {
    if (err.headers) res.set(err.headers);
    res.status(err.status).json({ message: err.message, ...(err.errors && { errors: err.errors }), ...err.details });
    return;
  }
  console.error(err);
  res.status(500).json({ message: "Something went wrong on our side. Please try again." });
};
