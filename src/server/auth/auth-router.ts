import { Router } from "express";
import { logoutSchema } from "~/shared/schemas";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { type Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { UnauthorizedError } from "~/server/http/errors";
import { invalidInput } from "~/server/users/users";
import { jsonBody, optionalJsonBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";

export { LOGIN_LIMITS } from "~/server/auth/auth-service";

/**
 * The auth calls of docs/product.md section 7 with docs/architecture.md section 5's changes: the
 * session cookie is the only sign-in, and only an admin may register a user. HTTP only: every rule
 * lives in the auth service (src/server/auth/auth-service.ts).
 */
export function authRouter({ auth, sessions }: AppContext, guards: Guards): Router {
  const router = Router();

  router.get("/auth/me", async (req, res) => {
    const user = await sessions.user(req, res);
    if (!user) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
    res.json(user);
  });

  router.post("/auth/login", guards.requireSameOrigin, jsonBody, async (req, res) => {
    const client = {
      ip: req.ip ?? "unknown",
      userAgent: req.get("user-agent"),
      cookies: req.headers.cookie,
      secure: req.secure,
    };
    const { user, session, rememberCookie } = await auth.login(req.body, client, await sessions.current(req, res));
    await sessions.start(req, res, session);
    if (rememberCookie) res.append("Set-Cookie", rememberCookie);
    res.json(user);
  });

  router.post("/auth/logout", guards.requireSameOrigin, optionalJsonBody, async (req, res) => {
    const parsed = logoutSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw invalidInput(parsed.error);
    await auth.logout(await sessions.current(req, res), parsed.data);
    sessions.clear(req, res);
    res.json({ success: true });
  });

  // Creates the account only: the admin stays signed in as themselves.
  router.post("/auth/register", guards.requireSameOrigin, guards.allow("users.manage"), jsonBody, async (req, res) => {
    res.status(201).json(await auth.register(req.body, await whoOf(sessions, req, res)));
  });

  // The caller's own password; their other sessions end, this one stays.
  router.post("/auth/password", guards.requireSameOrigin, guards.requireUser, jsonBody, async (req, res) => {
    const current = await sessions.signedIn(req, res);
    const body = (req.body ?? {}) as { currentPassword?: unknown; newPassword?: unknown };
    const { id } = current.user;
    await auth.changePassword(id, body.currentPassword, body.newPassword, current.session.id, req.ip);
    res.json({ success: true });
  });

  return router;
}
