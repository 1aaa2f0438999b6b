import { Router } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { parsePostId } from "~/server/posts/posts";
import { jsonBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";
import type { HtmlCache } from "~/server/page-cache/html-cache";

/**
 * The CMS calls of docs/product.md section 7. docs/architecture.md section 5: instead of a shared secret header,
 * every call needs a signed-in user and every write a same-origin request; writers create and
 * edit, only admins delete.
 */
export function cmsRouter(
  { posts, sessions }: AppContext,
  { requireUser, requireAdmin, requireSameOrigin }: Guards,
  renderAgainBefore: HtmlCache["renderAgainBefore"],
): Router {
  const router = Router();

  router.get("/cms/posts", requireUser, async (_req, res) => {
    res.json(await posts.listAll());
  });

  router.post("/cms/simple-create-post", requireUser, requireSameOrigin, jsonBody, async (req, res) => {
    res.status(201).json(await posts.create(req.body, await whoOf(sessions, req, res)));
  });

  // Answered once the post's page is rendered again: a reader after the save never waits for it
  // (docs/decisions/142-a-save-answers-once-its-page-is-rendered.md).
  router.put("/cms/update-post/:id", requireUser, requireSameOrigin, jsonBody, async (req, res) => {
    const id = parsePostId(req.params.id);
    const who = await whoOf(sessions, req, res);
    res.json(await renderAgainBefore(id, () => posts.update(id, req.body, who)));
  });

  // The CMS client sends no body here, so none is parsed.
  router.post("/cms/delete-post/:id", requireAdmin, requireSameOrigin, async (req, res) => {
    const { id } = await posts.remove(parsePostId(req.params.id), await whoOf(sessions, req, res));
    res.json({ success: true, id });
  });

  router.post("/cms/tags", requireUser, requireSameOrigin, jsonBody, async (req, res) => {
    res.status(201).json(await posts.createTag(req.body));
  });

  return router;
}
