import { Router } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import type { HtmlCache } from "~/server/page-cache/html-cache";
import { NotFoundError } from "~/server/http/errors";
import { analyticsRouter } from "~/server/analytics/analytics-router";
import { inboxRouter } from "~/server/contact/inbox-router";
import { adminUsersRouter } from "~/server/users/admin-users-router";
import { profileRouter } from "~/server/users/profile-router";
import { authRouter } from "~/server/auth/auth-router";
import { cmsRouter } from "~/server/posts/cms-router";
import { historyRouter } from "~/server/posts/history-router";
import { contactRouter } from "~/server/contact/contact-router";
import { debugRouter } from "~/server/posts/debug-router";
import { healthRouter } from "~/server/operations/health-router";
import { mediaApiRouter } from "~/server/media/media-api-router";
import { tagsRouter } from "~/server/tags/tags-router";
import { publicBlogRouter } from "~/server/posts/public-blog-router";
import { activityRouter } from "~/server/activity/activity-router";
import { siteRouter } from "~/server/site/site-router";
import { bearerTokens } from "~/server/tokens/bearer";
import { twoFactorRouter } from "~/server/auth/two-factor-router";
import { passkeysRouter } from "~/server/auth/passkeys-router";
import { tokensRouter } from "~/server/tokens/tokens-router";
import { webhooksRouter } from "~/server/webhooks/webhooks-router";
import { importRouter } from "~/server/import/import-router";
import { redirectsRouter } from "~/server/redirects/redirects-router";
import { accountLinksRouter } from "~/server/auth/account-links-router";
import { searchRouter } from "~/server/search/search-router";
import { pagesRouter } from "~/server/pages/pages-router";
import { newsletterRouter } from "~/server/newsletter/newsletter-router";
import { subscribersRouter } from "~/server/newsletter/subscribers-router";

/** Where app.ts mounts the router. */
export const API_MOUNT = "/api";

export const API_NOT_FOUND_MESSAGE = "No such API endpoint.";

/**
 * Every /api endpoint, grouped as docs/product.md section 7; answers JSON only, never a page. The
 * public blog calls answer through the page cache's `sendJson`, which may keep them; a post's save
 * answers once the page cache has its page again (`renderAgainBefore`).
 */
export function apiRouter(
  context: AppContext,
  guards: Guards,
  { sendJson, renderAgainBefore }: Pick<HtmlCache, "sendJson" | "renderAgainBefore">,
): Router {
  const router = Router();
  // docs/product.md section 7: the client asks for fresh data on every call; nothing here is cacheable.
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  router.use(publicBlogRouter(context, sendJson));
  // `Authorization: Bearer` calls (docs/decisions/215-api-tokens.md), before every guard.
  router.use(bearerTokens(context.apiTokens, context.sessions));
  router.use(searchRouter(context));
  router.use(authRouter(context, guards));
  router.use(contactRouter(context));
  router.use(cmsRouter(context, guards, renderAgainBefore));
  router.use(historyRouter(context, guards));
  router.use(debugRouter(context, guards));
  router.use(inboxRouter(context, guards));
  router.use(tagsRouter(context, guards));
  router.use(adminUsersRouter(context, guards));
  router.use(accountLinksRouter(context, guards));
  router.use(profileRouter(context, guards));
  router.use(tokensRouter(context, guards));
  router.use(twoFactorRouter(context, guards));
  router.use(passkeysRouter(context, guards));
  router.use(webhooksRouter(context, guards));
  router.use(importRouter(context, guards));
  router.use(redirectsRouter(context, guards));
  router.use(newsletterRouter(context, guards));
  router.use(subscribersRouter(context, guards));
  router.use(activityRouter(context, guards));
  router.use(healthRouter(context));
  router.use(mediaApiRouter(context, guards));
  router.use(analyticsRouter(context, guards));
  router.use(siteRouter(context, guards, sendJson));
  router.use(pagesRouter(context, guards, sendJson));
  router.use((_req, _res, next) => next(new NotFoundError(API_NOT_FOUND_MESSAGE)));
  return router;
}
