import { Router, type Request, type Response } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { jsonBody, optionalJsonBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";
import { UnauthorizedError } from "~/server/http/errors";
import { parseUserId } from "~/server/users/user-admin";
import { AUTH_MESSAGES } from "~/shared/auth-messages";

/**
 * Two-factor sign-in over HTTP (docs/decisions/220-two-factor-secrets-in-the-user-record.md): the
 * caller's own set-up at /api/account/totp, open before a required set-up is done (the guards
 * refuse everything else then), and the admin's reset and required roles under /api/admin. An API
 * token reaches none of it (bearer.ts answers 403 outside /api/cms and /api/admin, and the admin
 * calls need an action no scope grants).
 */
export function twoFactorRouter(context: AppContext, { requireSignedIn, allow, requireSameOrigin }: Guards): Router {
  const { auth, sessions } = context;
  const { twoFactor } = auth;
  const router = Router();

  const caller = async (req: Request, res: Response) => {
    const who = await whoOf(sessions, req, res);
    if (!who.user) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
    return { ...who, user: who.user };
  };

  router.get("/account/totp", requireSignedIn, async (req, res) => {
    res.json(await twoFactor.status((await caller(req, res)).user.id));
  });

  router.post("/account/totp/setup", requireSameOrigin, requireSignedIn, optionalJsonBody, async (req, res) => {
    res.json(await twoFactor.setup((await caller(req, res)).user.id));
  });

  router.post("/account/totp/enable", requireSameOrigin, requireSignedIn, jsonBody, async (req, res) => {
    res.json(await twoFactor.enable(await caller(req, res), req.body));
  });

  router.delete("/account/totp", requireSameOrigin, requireSignedIn, jsonBody, async (req, res) => {
    const who = await caller(req, res);
    await auth.turnOffTwoFactor(who.user.id, req.body, who.ip);
    res.json({ success: true });
  });

  router.get("/admin/two-factor", allow("users.manage"), async (_req, res) => {
    res.json({ roles: await twoFactor.requiredRoles() });
  });

  router.put("/admin/two-factor", requireSameOrigin, allow("users.manage"), jsonBody, async (req, res) => {
    res.json({ roles: await twoFactor.setRequiredRoles(await whoOf(sessions, req, res), req.body) });
  });

  router.delete("/admin/users/:id/totp", requireSameOrigin, allow("users.manage"), async (req, res) => {
    await twoFactor.reset(await whoOf(sessions, req, res), parseUserId(req.params.id));
    res.json({ success: true });
  });

  return router;
}
