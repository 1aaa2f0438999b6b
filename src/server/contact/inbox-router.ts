import { Router, type RequestHandler } from "express";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { type Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { UnauthorizedError } from "~/server/http/errors";
import { jsonBody } from "~/server/http/json-body";

/**
 * The inbox and its settings calls (docs/product.md section 2). Reading the inbox needs an admin, or a
 * writer while the setting allows; deleting and the settings need an admin; every write a
 * same-origin request.
 */
export function inboxRouter(
  { inbox, sessions }: AppContext,
  { requireUser, allow, requireSameOrigin }: Guards,
): Router {
  const router = Router();
  // After requireUser, so `user` only reads the session the guard already looked up.
  const inboxReader: RequestHandler = (req, res, next) => {
    sessions
      .user(req, res)
      .then((user) => {
        if (!user) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
        return inbox.assertCanRead(user);
      })
      .then(() => next(), next);
  };
  const requireInbox = [requireUser, inboxReader];

  router.get("/admin/messages", ...requireInbox, async (req, res) => {
    res.json(await inbox.list(req.query));
  });

  router.get("/admin/messages.csv", ...requireInbox, async (req, res) => {
    const csv = await inbox.csv(req.query);
    const day = new Date().toISOString().slice(0, 10);
    res.set("Content-Type", "text/csv; charset=utf-8");
    res.attachment(`contact-messages-${day}.csv`);
    res.send(csv);
  });

  router.patch("/admin/messages/:id", ...requireInbox, requireSameOrigin, jsonBody, async (req, res) => {
    res.json(await inbox.update(req.params.id, req.body));
  });

  router.delete("/admin/messages/:id", allow("inbox.delete"), requireSameOrigin, async (req, res) => {
    const removed = await inbox.remove(req.params.id);
    res.json({ success: true, id: removed.id });
  });

  router.get("/admin/settings", allow("settings.manage"), async (_req, res) => {
    res.json(await inbox.getSettings());
  });

  router.patch("/admin/settings", allow("settings.manage"), requireSameOrigin, jsonBody, async (req, res) => {
    res.json(await inbox.updateSettings(req.body));
  });

  return router;
}
