import type { RequestHandler } from "express";
import type { Sessions } from "~/server/auth/session";
import { ForbiddenError } from "~/server/http/errors";
import { API_TOKEN_MESSAGES, type ApiScope } from "~/shared/api-tokens";
import { bearerSecret, type ApiTokens } from "./api-tokens";

/** Where a bearer call is taken: the CMS and admin API, under the /api mount. */
const TOKEN_PATHS = /^\/(cms|admin)(\/|$)/;

/**
 * The scope an endpoint needs of a token before its own checks run (docs/decisions/215-api-tokens.md):
 * reading needs "content:read" (the inbox "leads:read"; the subscribers "subscribers:manage",
 * whatever the method), writing "posts:write" (uploads and the
 * media library "media:write"); the caller's own profile is changed only when signed in (null).
 * The permission table then asks the scope of each action (src/shared/api-tokens.ts).
 */
export function scopeOfRequest(method: string, path: string): ApiScope | null {
  // The newsletter's readers are personal data, like the inbox: read and written with their own scope.
  if (/^\/admin\/subscribers(\/|\.csv$|$)/.test(path)) return "subscribers:manage";
  const inbox = /^\/admin\/messages/.test(path);
  if (["GET", "HEAD", "OPTIONS"].includes(method)) return inbox ? "leads:read" : "content:read";
  if (inbox) return "leads:read";
  if (/^\/cms\/(uploads|media)(\/|$)/.test(path)) return "media:write";
  if (/^\/cms\/profile(\/|$)/.test(path)) return null;
  return "posts:write";
}

/**
 * `Authorization: Bearer <token>` on an /api call: the token's owner becomes the caller, with the
 * token's scopes, and no cookie counts (session.ts `assume`). An unusable token is a 401 wherever
 * it is sent; a good one outside /api/cms and /api/admin, or without the endpoint's scope, a 403.
 */
export function bearerTokens(tokens: ApiTokens, sessions: Sessions): RequestHandler {
  return async (req, _res, next) => {
    const secret = bearerSecret(req.get("authorization"));
    if (secret === undefined) return next();
    const signedIn = await tokens.authenticate(secret, req.ip ?? "unknown");
    if (!TOKEN_PATHS.test(req.path)) throw new ForbiddenError(API_TOKEN_MESSAGES.notHere);
    const needed = scopeOfRequest(req.method, req.path);
    if (needed === null) throw new ForbiddenError(API_TOKEN_MESSAGES.noScopeFits);
    if (!signedIn.user.scopes?.includes(needed)) throw new ForbiddenError(API_TOKEN_MESSAGES.scopeMissing(needed));
    sessions.assume(req, signedIn);
    next();
  };
}
