import type http from "node:http";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { API_MOUNT, apiRouter } from "~/server/http/api-router";
import { ANALYTICS_NOT_STORED, createAnalytics, type Analytics } from "./analytics/analytics";
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
import { createErrorLog, type ErrorLog } from "~/server/http/error-log";
import { reactRouterAdapter } from "~/server/http/react-router-adapter";
import { readFormBody } from "~/server/http/form-body";
import { createSetupService } from "~/server/users/first-run";
import { createUserAdmin } from "~/server/users/user-admin";
import type { HashCost } from "~/server/users/users";
import { createInboxService } from "~/server/contact/inbox";
import { createMailNotifier } from "~/server/contact/mail-notifier";
import { memoryOutboxClaims } from "~/server/outbox/outbox-claims";
import { createOutbox, type Outbox } from "~/server/outbox/outbox";
import { createHtmlCache, type HtmlCache } from "~/server/page-cache/html-cache";
import { onePerTurn } from "~/server/http/one-per-turn";
import { mountedAt, pageRules, routeTree } from "~/server/page-cache/page-rules";
import { PUBLIC_BLOG_CACHEABLE } from "~/server/posts/public-blog-router";
import { createHealthService } from "~/server/operations/health";
import { createPostSearch } from "~/server/posts/post-search";
import { createSiteSearch } from "~/server/search/site-search";
import { createMediaLibrary } from "./media/media-library";
import { mediaRouter } from "./media/media-router";
import { createMediaService } from "./media/media-service";
import { createSocialCards } from "./media/social-cards";
import { createPostService } from "~/server/posts/posts";
import { createReviewService } from "~/server/posts/post-review";
import { createPreviewLinks } from "~/server/posts/preview-links";
import { createPostHistory } from "~/server/posts/post-history";
import { sweepHistoryEvery } from "~/server/posts/history-sweeper";
import { sweepUnusedMediaEvery } from "~/server/media/unused-media-sweeper";
import { startScheduler } from "~/server/lifecycle/scheduler";
import { postSchedules } from "~/server/posts/scheduled-publish";
import { startBackupScheduler } from "~/server/backups/backup-scheduler";
import { storageErrorOf } from "~/server/store/storage-errors";
import {
  contentSecurityPolicy,
  httpsOnlyHeaders,
  securityHeaders,
  type TrustProxyFn,
} from "~/server/http/security-headers";
import { clientErrorsKeepTheirStatus, rejectUnreadableRequests, unreadableRequest } from "~/server/http/request-guards";
import { folderFiles, type SiteFiles } from "~/server/operations/site-files";
import type { Store } from "./records/store";
import { createTagService } from "~/server/tags/tags";
import type { ActivityLog } from "./activity/activity-log";
import { createSiteService } from "~/server/site/site-service";
import { createApiTokens } from "~/server/tokens/api-tokens";
import { createWebhooks } from "~/server/webhooks/webhooks";
import { findRedirect } from "~/server/redirects/find-redirect";
import { namesOldQuery, oldHomeQuery } from "~/server/redirects/redirects-router";
import { createAccountLinks } from "~/server/auth/account-links";
import { createAccountMail } from "~/server/users/account-mail";
import { createNewsletter } from "~/server/newsletter/newsletter";
import { createSubscriberAdmin } from "~/server/newsletter/subscriber-admin";
import { createNewsletterSender } from "~/server/newsletter/newsletter-sender";
import { newsletterTokens } from "~/server/newsletter/newsletter-tokens";
import { oneClickUnsubscribe } from "~/server/newsletter/newsletter-router";
import { PUBLIC_SITE_CACHEABLE } from "~/server/site/site-router";
import { createPageService } from "~/server/pages/page-service";
import { pageSchedules } from "~/server/pages/page-schedules";
import { PUBLIC_PAGES_CACHEABLE } from "~/server/pages/pages-router";

export type AppDeps = {
  config: Config;
  store: Store;
  /** Seals session cookies (see openSite). */
  sessionSecret: string;
  /** The data folder's sessions.json (see openSite). */
  sessionRecords: SessionRecords;
  /** The activity log (see openSite). */
  activity: ActivityLog;
  /** Where images and backups are kept (openSite's `files`); the data folder's when left out without DATABASE_URL. */
  files?: SiteFiles;
  /** The React Router server build, or a getter (Vite's dev server hands a fresh one per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Answers the browser's files and passes on anything else (serve.ts's site); none in tests. */
  clientFiles?: RequestHandler;
  /**
   * The scrypt cost of the password hashes the app makes: the default (auth/password.ts) unless
   * given. Only test apps give one, a cheap one, so suites that create users and change passwords
   * through the API do not spend their time hashing.
   */
  hashCost?: HashCost;
};

/**
 * The request handler, apart from the host (serve.ts) so tests can build one on a temporary
 * data folder (docs/architecture.md section 7): a node:http listener that looks the request up in
 * the rendered-page cache once, before Express runs at all (Express's routing, the headers and
 * the file lookup cost several times a kept page's answer, `npm run bench`), and starts what the
 * cache does not hold one per turn (docs/decisions/051-one-request-per-turn.md) through the
 * Express stack: compression, the security headers, the browser's files, the /api routers, then
 * React Router for every page.
 */
export function createApp({
  config,
  store,
  sessionSecret,
  sessionRecords,
  activity,
  files = folderFilesOnly(config),
  build,
  clientFiles,
  hashCost,
}: AppDeps) {
  const auth = createAuthService({
    store,
    records: sessionRecords,
    activity,
    cost: hashCost,
    rememberKey: sessionSecret,
    publicUrl: config.publicUrl,
  });
  const sessions = createSessions(auth.resolve, sessionSecret);
  // Work that must happen once, later, on whichever instance (docs/decisions/165-one-outbox-with-claims.md).
  const outbox = createOutbox({
    claims: store.outboxClaims?.() ?? memoryOutboxClaims(),
    leaseMs: config.outboxLeaseMs,
  });
  const notifier = notifierFor(config, store, outbox);
  const webhooks = createWebhooks({
    ...{ store, activity, outbox, publicUrl: config.publicUrl },
    allowPrivate: config.webhookAllowPrivate,
    retryDelaysMs: config.webhookRetryDelaysMs,
    timeoutMs: config.webhookTimeoutMs,
  });
  // Invitations and reset links go to one person each, at once (docs/decisions/230-invitations-and-reset-links.md).
  const accountMail = config.smtpUrl
    ? createAccountMail({ smtpUrl: config.smtpUrl, from: config.contactNotifyFrom })
    : undefined;
  // The newsletter's sends go through the same outbox (docs/decisions/247-newsletter-sends-through-the-outbox.md).
  const tokens = newsletterTokens(sessionSecret);
  const newsletterSender = config.smtpUrl
    ? createNewsletterSender({
        ...{ store, outbox, tokens, smtpUrl: config.smtpUrl },
        mail: {
          ...config.newsletter,
          publicUrl: config.publicUrl,
          retryDelaysMs: config.smtpRetryDelaysMs,
          leaseMs: config.outboxLeaseMs,
        },
      })
    : undefined;
  const unwatchSends = store.onNewsletterSends(() => outbox.kick());
  const app = express();
  app.disable("x-powered-by");
  // A hop count or a list, never `true`: see src/server/http/trust-proxy.ts.
  if (config.trustProxy !== false) app.set("trust proxy", config.trustProxy);
  const trust = app.get("trust proxy fn") as TrustProxyFn;
  const analytics = analyticsFor(config, files, store, build, trust);
  // A subscription is counted in the analytics as a lead is (docs/decisions/262-subscriptions-credited-like-leads.md).
  const newsletter = createNewsletter({
    ...{ store, tokens, sender: newsletterSender, publicUrl: config.publicUrl, analytics },
    kick: () => outbox.kick(),
  });
  const posts = createPostService(store, activity);
  const scheduler = startScheduler(
    [postSchedules(store, activity), pageSchedules(store, activity)],
    config.schedulerTickMs,
  );
  const media = createMediaLibrary(config.dataDir, files.media, { maxPixels: config.maxImagePixels });
  const blog = createBlogService(store, media);
  const shelf = files.backups;
  const logError = createErrorLog();
  const backups = createBackupService({
    ...{ store, dataDir: config.dataDir, keep: config.backupKeep, media, shelf, activity },
    analytics: files.analytics,
  });
  // Whole-site backups on BACKUP_SCHEDULE (docs/decisions/196-scheduled-backups-and-retention.md).
  const backupScheduler = startBackupScheduler(config.backupSchedule, (slot) => backups.scheduled(slot));
  const context: AppContext = {
    config,
    outcomeOf,
    readForm: readFormBody,
    store,
    blog,
    contact: createContactService({ store, notifier, analytics }),
    posts,
    review: createReviewService(store, {
      activity,
      notice: notifier && ((mail) => notifier.notice(mail)),
      adminUrl: `${config.publicUrl}/admin`,
    }),
    previewLinks: createPreviewLinks({ store, blog, activity }, { sessionSecret, publicUrl: config.publicUrl }),
    scheduler,
    history: createPostHistory(store, config.history, activity),
    sessions,
    auth,
    users: createUserAdmin({ store, auth, activity, media }, hashCost),
    apiTokens: createApiTokens({ store, activity }),
    webhooks,
    newsletter,
    subscriberAdmin: createSubscriberAdmin({ store, activity }),
    accountLinks: createAccountLinks({
      ...{ store, records: sessionRecords, activity, mail: accountMail, publicUrl: config.publicUrl },
      cost: hashCost,
    }),
    backups,
    health: createHealthService({ store, config, backups: shelf, scheduler, backupScheduler }),
    inbox: createInboxService(store),
    postSearch: createPostSearch(store),
    search: createSiteSearch(store),
    tags: createTagService(store),
    setup: createSetupService(store, { tokens: files.setupTokens, cost: hashCost }),
    media,
    mediaAdmin: createMediaService({ store, media, dataDir: config.dataDir, shelf, activity }),
    activity,
    analytics,
    site: createSiteService(store, sessions, activity),
    pages: createPageService(store, activity),
    oldAddresses: { target: (path, query) => findRedirect(store, path, query) },
    logError,
  };
  outbox.start();
  // CONTACT_WEBHOOK_URL becomes the first endpoint on upgrade (docs/decisions/225-signed-webhooks-through-the-outbox.md).
  const adopted = config.contactWebhookUrl
    ? webhooks.adoptContactWebhookUrl(config.contactWebhookUrl).catch((error: unknown) => {
        console.warn(`CONTACT_WEBHOOK_URL could not become a webhook endpoint now; the next start tries again:`, error);
        return undefined;
      })
    : Promise.resolve(undefined);
  const sweeper = sweepHistoryEvery(store, config.history);
  const mediaSweeper = sweepUnusedMediaEvery({ store, mediaAdmin: context.mediaAdmin });

  const dev = config.env !== "production";
  // Vite's dev server hands a fresh build per request and the cache is off by default there
  // (config.ts): its routes declare nothing the cache could read before a request.
  const pages = typeof build === "function" ? [] : routeTree(build);
  const rules = pageRules([
    ...pages,
    ...mountedAt(API_MOUNT, [...PUBLIC_BLOG_CACHEABLE, ...PUBLIC_SITE_CACHEABLE, ...PUBLIC_PAGES_CACHEABLE]),
  ]);
  const schemeHeaders = httpsOnlyHeaders(trust);
  const htmlCache = createHtmlCache({ maxBytes: config.htmlCacheBytes, store, rules, schemeHeaders });

  app.use(compression());
  // Every answer's headers, the browser's files' too, set here only.
  app.use(securityHeaders({ dev }));
  // Before the browser's files: every answer, a file's too, needs a request the app can read.
  app.use(rejectUnreadableRequests);
  if (clientFiles) app.use(clientFiles);
  app.use(sessions.clearUnusable);
  const guards = createGuards(sessions);
  app.use(API_MOUNT, apiRouter(context, guards, htmlCache));
  app.use(mediaRouter(media));
  app.use(createSocialCards({ store, media }).router);
  // Only a home request naming `p` or `page_id` (docs/decisions/251-old-addresses-kept-as-redirects.md).
  app.use(oldHomeQuery(store));
  // RFC 8058's one-click unsubscribe comes from a mail provider's servers, not this site's pages.
  app.use(oneClickUnsubscribe(context));
  // The pages' forms (the contact form) refuse another site's posts as the API does.
  app.use(guards.requireSameOrigin);
  app.use(
    reactRouterAdapter({
      build,
      mode: config.env === "production" ? "production" : "development",
      getLoadContext: (req) => {
        const framing = { sameOrigin: false };
        return {
          ...context,
          clientIp: req.ip ?? "unknown",
          documentHtml: new Map(),
          framing,
          contentSecurityPolicy: (scriptHashes) =>
            contentSecurityPolicy({ dev, scriptHashes, frameSelf: framing.sameOrigin }),
        };
      },
      keeper: htmlCache.keeper,
    }),
  );
  app.use(clientErrorsKeepTheirStatus);
  app.use(errorHandler(htmlCache.sendJson, logError));
  const render = onePerTurn<Parameters<http.RequestListener>>(app);
  // The cache answers only what the app would: a request the app refuses (request-guards.ts, the
  // same check) goes to Express, which answers its 4xx.
  // WordPress's `/?p=ID` is a query the kept home page would answer: it goes to oldHomeQuery instead.
  const serve: http.RequestListener = (req, res) =>
    unreadableRequest(req, trust) || namesOldQuery(req.url ?? "")
      ? render(req, res)
      : htmlCache.serve(req, res, render);
  // Counted once answered, whether the cache or React Router gives the answer (analytics.ts).
  const handle: http.RequestListener = analytics
    ? (req, res) => {
        serve(req, res);
        analytics.watch(req, res);
      }
    : serve;
  // `setup` prints the first-run link once listening; `stop` ends the history sweeps, the
  // scheduler's ticks and mail retries and stores the analytics' last counts before the store closes;
  // `mediaAdmin` and `users` let a test delete an image or change a user the moment another
  // instance's write is acknowledged;
  // `scheduler` lets a test wait for a tick that is running, `backupScheduler` run a check.
  return Object.assign(handle, {
    htmlCache,
    scheduler,
    backupScheduler,
    setup: context.setup,
    mediaAdmin: context.mediaAdmin,
    users: context.users,
    analytics,
    search: context.search,
    /** Settled once CONTACT_WEBHOOK_URL is an endpoint (or was not to be one). */
    adopted,
    stop: async () => {
      await adopted;
      sweeper.stop();
      await mediaSweeper.stop();
      const outboxStopped = outbox.stop();
      webhooks.stop(); // a delivery on its way ends at once, and stays pending for the next claim
      notifier?.stop(); // an email on its way fails at once, and stays pending for the next claim
      accountMail?.stop();
      newsletterSender?.stop(); // a newsletter message on its way is finished and recorded first
      unwatchSends();
      await outboxStopped;
      newsletterSender?.close();
      await scheduler.stop();
      await backupScheduler.stop();
      await media.settled();
      await analytics?.stop().catch((error: unknown) => console.error(ANALYTICS_NOT_STORED, error));
      await context.search.stop();
    },
  });
}

/** Counting on the server unless ANALYTICS=off; only the routes that render a page count (page-rules.ts). */
function analyticsFor(
  config: Config,
  files: SiteFiles,
  store: Store,
  build: AppDeps["build"],
  trust: TrustProxyFn,
): Analytics | undefined {
  if (!config.analytics) return undefined;
  // Vite's dev server hands a fresh build per request: no route table to read before one.
  const pages = pageRules(typeof build === "function" ? [] : routeTree(build, { pagesOnly: true }));
  return createAnalytics({ storage: files.analytics, pages, trust, publicUrl: config.publicUrl, store });
}

/** With DATABASE_URL, images and backups must come from the database: the data folder is this instance's alone. */
function folderFilesOnly(config: Config): SiteFiles {
  if (config.databaseUrl) throw new Error("createApp needs openSite's files when DATABASE_URL is set.");
  return folderFiles(config.dataDir);
}

function notifierFor(config: Config, store: Store, outbox: Outbox) {
  if (!config.smtpUrl || !config.contactNotifyTo) return undefined;
  return createMailNotifier({
    store,
    smtpUrl: config.smtpUrl,
    to: config.contactNotifyTo,
    from: config.contactNotifyFrom,
    retryDelaysMs: config.smtpRetryDelaysMs,
    outbox,
  });
}

/**
 * One place maps thrown errors to JSON `{message, errors?}`; a disk failure thrown raw (a backup
 * file) gets its StorageError status and words; unknown ones are a logged 500, logged at most once
 * a minute per cause (error-log.ts). Sent through the page cache, which keeps a 404 of the public
 * blog API as it keeps the found answers.
 */
function errorHandler(sendJson: HtmlCache["sendJson"], logError: ErrorLog): ErrorRequestHandler {
  return (thrown, req, res, _next) => {
    const storage = thrown instanceof HttpError ? undefined : storageErrorOf(thrown);
    if (storage) logError(thrown);
    const err: unknown = storage ?? thrown;
    if (err instanceof HttpError) {
      if (err.headers) res.set(err.headers);
      sendJson(req, res, err.status, {
        message: err.message,
        ...(err.errors && { errors: err.errors }),
        ...err.details,
      });
      return;
    }
    logError(err);
    sendJson(req, res, 500, { message: "Something went wrong on our side. Please try again." });
  };
}
