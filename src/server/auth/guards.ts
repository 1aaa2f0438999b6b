import type { Request, RequestHandler } from "express";
import { ForbiddenError, UnauthorizedError } from "~/server/http/errors";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { isCrossSite } from "~/shared/same-origin";
import type { Sessions } from "./session";
import { can, forbiddenMessage, type Action } from "~/shared/permissions";
import { scopeRefusal, scopesAllow } from "~/shared/api-tokens";
import { TWO_FACTOR_MESSAGES } from "~/shared/two-factor";
import type { SessionUser } from "~/shared/users";

/**
 * A user whose role must have a second factor and who has none yet may only set one up
 * (docs/decisions/222-two-factor-required-for-roles.md): every other guarded call is a 403.
 */
const waitsForTwoFactor = (user: SessionUser) =>
  user.twoFactorSetupRequired ? new ForbiddenError(TWO_FACTOR_MESSAGES.setupRequired) : undefined;

/**
 * Guards for the /api routers (docs/architecture.md section 5): `requireUser` (401),
 * `allow(action)` (401 or 403 by the permission table), and `requireSameOrigin`, which refuses a state-changing request a
 * browser sent from another site, so a signed-in admin's cookie cannot be used by a page elsewhere.
 * Handlers after them read the session with `sessions.current`, which the guard already looked up.
 */
export function createGuards(sessions: Sessions) {
  const requireUser: RequestHandler = async (req, res, next) => {
    const user = await sessions.user(req, res);
    if (!user) return next(new UnauthorizedError(AUTH_MESSAGES.signInRequired));
    next(waitsForTwoFactor(user));
  };

  /** Signed in, even before a required second factor is set up: the set-up itself, the password. */
  const requireSignedIn: RequestHandler = async (req, res, next) => {
    const user = await sessions.user(req, res);
    if (!user) return next(new UnauthorizedError(AUTH_MESSAGES.signInRequired));
    next();
  };

  /**
   * Signed in (401) and allowed `action` by the permission table (403), for a route whose rule
   * needs no post: src/shared/permissions.ts. A rule about a post is checked by its service.
   */
  const allow =
    (action: Action): RequestHandler =>
    async (req, res, next) => {
      const user = await sessions.user(req, res);
      if (!user) return next(new UnauthorizedError(AUTH_MESSAGES.signInRequired));
      const waiting = waitsForTwoFactor(user);
      if (waiting) return next(waiting);
      if (!can(user.role, action)) return next(new ForbiddenError(forbiddenMessage(action)));
      if (!scopesAllow(user.scopes, action)) return next(new ForbiddenError(scopeRefusal(action)));
      next();
    };

  // A call made with an API token carries no ambient credential (no cookie is read for it), so
  // another site's page cannot make one for a signed-in admin: it needs no Origin header.
  const requireSameOrigin: RequestHandler = (req, _res, next) => {
    if (!sessions.byToken(req) && isCrossOrigin(req)) return next(new ForbiddenError(AUTH_MESSAGES.crossOrigin));
    next();
  };

  return { requireUser, requireSignedIn, allow, requireSameOrigin };
}

export type Guards = ReturnType<typeof createGuards>;

/** Reads (GET, HEAD, OPTIONS) change nothing, so only writes are checked. */
function isCrossOrigin(req: Request): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return false;
  return isCrossSite(
    { secFetchSite: req.get("sec-fetch-site"), origin: req.get("origin") },
    `${req.protocol}://${req.get("host")}`,
  );
}
