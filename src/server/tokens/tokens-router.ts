import { Router, type Request, type Response } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { jsonBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";
import { parseId } from "~/server/posts/post-history";
import { UnauthorizedError } from "~/server/http/errors";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { API_TOKEN_MESSAGES } from "~/shared/api-tokens";

/**
 * The signed-in user's own API tokens (docs/decisions/215-api-tokens.md): any role, writes
 * same-origin. A token never manages tokens (bearer.ts answers 403 here), so a leaked one cannot
 * make itself a wider one.
 */
export function tokensRouter(context: AppContext, { requireUser, requireSameOrigin }: Guards): Router {
  const { apiTokens } = context;
  const router = Router();

  const caller = async (req: Request, res: Response) => {
    const who = await whoOf(context.sessions, req, res);
    if (!who.user) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
    return { ...who, user: who.user };
  };

  router.get("/account/tokens", requireUser, async (req, res) => {
    res.json({ tokens: await apiTokens.list((await caller(req, res)).user.id) });
  });

  router.post("/account/tokens", requireSameOrigin, requireUser, jsonBody, async (req, res) => {
    res.status(201).json(await apiTokens.create(await caller(req, res), req.body));
  });

  router.delete("/account/tokens/:id", requireSameOrigin, requireUser, async (req, res) => {
    const id = parseId(req.params.id, API_TOKEN_MESSAGES.invalidId);
    res.json({ revoked: await apiTokens.revoke(await caller(req, res), id) });
  });

  return router;
}
