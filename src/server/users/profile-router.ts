import { Router, type Request, type Response } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { jsonBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";

/**
 * A signed-in user's own public profile, and the users a post may name as its authors
 * (docs/decisions/130-bylines-and-author-pages.md): any role, writes same-origin. An admin sets
 * anyone's profile through PATCH /api/admin/users/{id}.
 */
export function profileRouter(context: AppContext, { requireUser, requireSameOrigin }: Guards): Router {
  const { users } = context;
  const router = Router();

  const callerId = async (req: Request, res: Response) => (await context.sessions.signedIn(req, res)).user.id;

  router.get("/cms/profile", requireUser, async (req, res) => {
    res.json(await users.profile(await callerId(req, res)));
  });

  router.patch("/cms/profile", requireUser, requireSameOrigin, jsonBody, async (req, res) => {
    const who = await whoOf(context.sessions, req, res);
    res.json(await users.updateProfile(await callerId(req, res), req.body, who));
  });

  router.get("/cms/authors", requireUser, async (_req, res) => {
    res.json({ authors: await users.authors() });
  });

  return router;
}
