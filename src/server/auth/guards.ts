import type { Request, RequestHandler } from "express";
import { ForbiddenError, UnauthorizedError } from "~/server/http/errors";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { isCrossSite } from "~/shared/same-origin";
import type { Sessions } from "./session";

/**
 * Guards for the /api routers (docs/architecture.md section 5): `requireUser` (401),
 * `requireAdmin` (401 or 403), and `requireSameOrigin`, which refuses a state-changing request a
 * browser sent from another site, so a signed-in admin's cookie cannot be used by a page elsewhere.
 * Handlers after them read the session with `sessions.current`, which the guard already looked up.
 */
export function createGuards(sessions: Sessions) {
  const requireUser: RequestHandler = async (req, res, next) => {
    const user = await sessions.user(req, res);
    if (!user) return next(new UnauthorizedError(AUTH_MESSAGES.signInRequired));
    next();
  };

  const requireAdmin: RequestHandler = async (req, res, next) => {
    const user = await sessions.user(req, res);
    if (!user) return next(new UnauthorizedError(AUTH_MESSAGES.signInRequired));
    if (user.role !== "admin") return next(new ForbiddenError(AUTH_MESSAGES.adminsOnly));
    next();
  };

  const requireSameOrigin: RequestHandler = (req, _res, next) => {
    if (isCrossOrigin(req)) return next(new ForbiddenError(AUTH_MESSAGES.crossOrigin));
    next();
  };

  return { requireUser, requireAdmin, requireSameOrigin };
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
