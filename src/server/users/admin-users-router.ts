import { Router, type Request, type Response } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { parseUserId } from "~/server/users/user-admin";
import { jsonBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";

/**
 * /api/admin/users (docs/decisions/022-users-and-accounts.md): admins only, writes same-origin.
 * Answers rows without password hashes; the last admin can never be demoted, disabled or deleted
 * (409), and an admin cannot disable or delete themselves (409).
 */
export function adminUsersRouter(context: AppContext, { allow, requireSameOrigin }: Guards): Router {
  const { users } = context;
  const router = Router();

  /** The admin asking and their session, which a guard already resolved. */
  const caller = (req: Request, res: Response) => context.sessions.signedIn(req, res);

  router.get("/admin/users", allow("users.manage"), async (_req, res) => {
    res.json({ users: await users.list() });
  });

  router.post("/admin/users", requireSameOrigin, allow("users.manage"), jsonBody, async (req, res) => {
    res.status(201).json(await users.create(req.body, await whoOf(context.sessions, req, res)));
  });

  router.patch("/admin/users/:id", requireSameOrigin, allow("users.manage"), jsonBody, async (req, res) => {
    const { user } = await caller(req, res);
    const who = await whoOf(context.sessions, req, res);
    res.json(await users.change(user.id, parseUserId(req.params.id), req.body, who));
  });

  router.post("/admin/users/:id/password", requireSameOrigin, allow("users.manage"), jsonBody, async (req, res) => {
    const { session } = await caller(req, res);
    const who = await whoOf(context.sessions, req, res);
    res.json(await users.resetPassword(parseUserId(req.params.id), req.body, session.id, who));
  });

  router.post("/admin/users/:id/sessions/end", requireSameOrigin, allow("users.manage"), async (req, res) => {
    const { session } = await caller(req, res);
    const who = await whoOf(context.sessions, req, res);
    res.json({ ended: await users.endSessions(parseUserId(req.params.id), session.id, who) });
  });

  router.delete("/admin/users/:id", requireSameOrigin, allow("users.manage"), async (req, res) => {
    const { user } = await caller(req, res);
    const removed = await users.remove(user.id, parseUserId(req.params.id), await whoOf(context.sessions, req, res));
    res.json({ success: true, id: removed.id });
  });

  return router;
}
