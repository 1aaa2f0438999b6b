import { Router } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { jsonBody } from "~/server/http/json-body";

/** The tag calls of docs/product.md section 2: any signed-in user lists them; changing them needs an admin. */
export function tagsRouter({ tags }: AppContext, { requireUser, allow, requireSameOrigin }: Guards): Router {
  const router = Router();
  router.get("/admin/tags", requireUser, async (_req, res) => {
    res.json({ tags: await tags.listWithCounts() });
  });

  router.patch("/admin/tags/:id", allow("tags.manage"), requireSameOrigin, jsonBody, async (req, res) => {
    res.json(await tags.rename(req.params.id, req.body));
  });

  router.post("/admin/tags/:id/merge", allow("tags.manage"), requireSameOrigin, jsonBody, async (req, res) => {
    res.json(await tags.merge(req.params.id, req.body));
  });

  router.delete("/admin/tags/:id", allow("tags.manage"), requireSameOrigin, async (req, res) => {
    const removed = await tags.remove(req.params.id);
    res.json({ success: true, id: removed.id });
  });

  return router;
}
