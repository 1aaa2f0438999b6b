import { Router } from "express";
import { whoOf } from "~/server/activity/who";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { postIdOf, revisionIdOf } from "./post-history";

/**
 * A post's history (docs/api.md): its revisions, one whole, and a restore, which saves the old
 * version as a new revision; and the Trash, for whoever may delete posts. Reads need a signed-in
 * user (and, for a trashed post, the Trash's right), writes the permission table's right
 * (src/shared/permissions.ts) and a same-origin request.
 */
export function historyRouter(
  { history, sessions }: AppContext,
  { requireUser, allow, requireSameOrigin }: Guards,
): Router {
  const router = Router();

  router.get("/cms/posts/:id/revisions", requireUser, async (req, res) => {
    res.json(await history.list(postIdOf(req.params.id), await whoOf(sessions, req, res)));
  });

  router.get("/cms/posts/:id/revisions/:rev", requireUser, async (req, res) => {
    const [id, rev] = [postIdOf(req.params.id), revisionIdOf(req.params.rev)];
    res.json(await history.get(id, rev, await whoOf(sessions, req, res)));
  });

  router.post(
    "/cms/posts/:id/revisions/:rev/restore",
    allow("posts.restoreRevision"),
    requireSameOrigin,
    async (req, res) => {
      const [id, rev] = [postIdOf(req.params.id), revisionIdOf(req.params.rev)];
      res.json(await history.restore(id, rev, await whoOf(sessions, req, res)));
    },
  );

  router.get("/cms/posts/:id/redirects", requireUser, async (req, res) => {
    res.json({ from: await history.redirects(postIdOf(req.params.id), await whoOf(sessions, req, res)) });
  });

  router.get("/cms/trash", allow("trash.manage"), async (_req, res) => {
    res.json(await history.trash());
  });

  router.post("/cms/trash/:id/restore", allow("trash.manage"), requireSameOrigin, async (req, res) => {
    res.json(await history.untrash(postIdOf(req.params.id), await whoOf(sessions, req, res)));
  });

  router.delete("/cms/trash/:id", allow("trash.manage"), requireSameOrigin, async (req, res) => {
    res.json(await history.deleteForGood(postIdOf(req.params.id), await whoOf(sessions, req, res)));
  });

  return router;
}
