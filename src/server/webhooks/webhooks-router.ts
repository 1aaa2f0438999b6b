import { Router } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { jsonBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";
import { parseId } from "~/server/posts/post-history";
import { WEBHOOK_MESSAGES } from "~/shared/webhooks";

/**
 * /api/admin/webhooks (docs/decisions/225-signed-webhooks-through-the-outbox.md): admins only,
 * writes same-origin. No API token reaches these: "webhooks.manage" needs no scope a token can
 * have (docs/decisions/215-api-tokens.md).
 */
export function webhooksRouter(context: AppContext, { allow, requireSameOrigin }: Guards): Router {
  const { webhooks } = context;
  const router = Router();
  const idOf = (param: unknown) => parseId(param, WEBHOOK_MESSAGES.invalidId);

  router.get("/admin/webhooks", allow("webhooks.manage"), async (_req, res) => {
    res.json({ webhooks: await webhooks.list() });
  });

  router.post("/admin/webhooks", requireSameOrigin, allow("webhooks.manage"), jsonBody, async (req, res) => {
    res.status(201).json(await webhooks.create(await whoOf(context.sessions, req, res), req.body));
  });

  router.delete("/admin/webhooks/:id", requireSameOrigin, allow("webhooks.manage"), async (req, res) => {
    const id = idOf(req.params.id);
    res.json({ removed: await webhooks.remove(await whoOf(context.sessions, req, res), id) });
  });

  router.get("/admin/webhooks/:id/deliveries", allow("webhooks.manage"), async (req, res) => {
    res.json({ deliveries: await webhooks.deliveries(idOf(req.params.id)) });
  });

  router.post("/admin/webhooks/:id/test", requireSameOrigin, allow("webhooks.manage"), async (req, res) => {
    const id = idOf(req.params.id);
    res.status(202).json({ delivery: await webhooks.test(id, await whoOf(context.sessions, req, res)) });
  });

  return router;
}
