import { Router } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { ValidationError } from "~/server/http/errors";
import { jsonBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";
import { parseUserId } from "~/server/users/user-admin";
import { ACCOUNT_LINK_MESSAGES as M } from "~/shared/account-links";

/** A route parameter as an invitation id; anything else is a 400. */
function parseInvitationId(param: unknown): number {
  const id = typeof param === "string" && /^\d{1,10}$/.test(param) ? Number(param) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new ValidationError(M.invalidId, { id: [M.invalidId] });
  return id;
}

/**
 * Invitations and password resets over HTTP (docs/decisions/230-invitations-and-reset-links.md):
 * the admin's invitations and "send reset link" under /api/admin (admins only), and the calls the
 * links' pages and the sign-in form's "Forgot your password?" make under /api/auth, open to anyone
 * (the link's token, or nothing at all, is the credential). Every rule is in account-links.ts.
 */
export function accountLinksRouter(context: AppContext, { allow, requireSameOrigin }: Guards): Router {
  const { accountLinks: links, sessions } = context;
  const router = Router();

  router.get("/admin/invitations", allow("users.manage"), async (_req, res) => {
    res.json({ invitations: await links.list(), emails: links.emails });
  });

  router.post("/admin/invitations", requireSameOrigin, allow("users.manage"), jsonBody, async (req, res) => {
    res.status(201).json(await links.invite(await whoOf(sessions, req, res), req.body));
  });

  router.delete("/admin/invitations/:id", requireSameOrigin, allow("users.manage"), async (req, res) => {
    await links.revoke(await whoOf(sessions, req, res), parseInvitationId(req.params.id));
    res.json({ success: true });
  });

  router.post("/admin/users/:id/reset-link", requireSameOrigin, allow("users.manage"), async (req, res) => {
    res.json(await links.sendResetLink(await whoOf(sessions, req, res), parseUserId(req.params.id)));
  });

  router.post("/auth/accept-invitation", requireSameOrigin, jsonBody, async (req, res) => {
    const client = { ip: req.ip ?? "unknown", userAgent: req.get("user-agent") };
    const { user, session } = await links.accept(req.body, client);
    await sessions.start(req, res, session);
    res.status(201).json(user);
  });

  // 202 and one body whatever the address: the link is made and emailed after the answer has gone.
  router.post("/auth/forgot", requireSameOrigin, jsonBody, async (req, res) => {
    const { later } = await links.forgot(req.body, req.ip ?? "unknown");
    res.status(202).json({ message: M.forgotSent });
    later().catch((error: unknown) => console.error("Could not send a reset link:", error));
  });

  router.post("/auth/reset", requireSameOrigin, jsonBody, async (req, res) => {
    await links.reset(req.body, req.ip ?? "unknown");
    res.json({ success: true });
  });

  return router;
}
