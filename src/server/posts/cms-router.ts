import { Router } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { parsePostId } from "~/server/posts/posts";
import { jsonBody, optionalJsonBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";
import type { HtmlCache } from "~/server/page-cache/html-cache";

/**
 * The CMS calls of docs/product.md section 7. docs/architecture.md section 5: instead of a shared secret header,
 * every call needs a signed-in user and every write a same-origin request; what each role may do
 * is the permission table's (src/shared/permissions.ts), checked here for the call and by the
 * services for the post (whose it is, whether it is published).
 */
export function cmsRouter(
  { posts, review, previewLinks, sessions }: AppContext,
  { requireUser, allow, requireSameOrigin }: Guards,
  renderAgainBefore: HtmlCache["renderAgainBefore"],
): Router {
  const router = Router();

  router.get("/cms/posts", requireUser, async (_req, res) => {
    res.json(await posts.listAll());
  });

  router.post("/cms/simple-create-post", allow("posts.create"), requireSameOrigin, jsonBody, async (req, res) => {
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
  router.post("/cms/delete-post/:id", allow("posts.delete"), requireSameOrigin, async (req, res) => {
    const { id } = await posts.remove(parsePostId(req.params.id), await whoOf(sessions, req, res));
    res.json({ success: true, id });
  });

  router.post("/cms/tags", requireUser, requireSameOrigin, jsonBody, async (req, res) => {
    res.status(201).json(await posts.createTag(req.body));
  });

  // The editor's "Embedded videos found" notice was shown: once per post (docs/product.md section 8).
  router.post("/cms/posts/:id/videos-notice", requireUser, requireSameOrigin, async (req, res) => {
    await posts.noteVideosNotice(req.params.id, await whoOf(sessions, req, res));
    res.status(204).end();
  });

  // Review before publish (docs/decisions/126-review-before-publish.md).
  router.get("/cms/review", allow("posts.review"), async (_req, res) => {
    res.json({ posts: await review.queue() });
  });

  router.post("/cms/posts/:id/submit", requireUser, requireSameOrigin, optionalJsonBody, async (req, res) => {
    res.json(await review.submit(req.params.id, await whoOf(sessions, req, res)));
  });

  router.post("/cms/posts/:id/return", allow("posts.review"), requireSameOrigin, jsonBody, async (req, res) => {
    res.json(await review.sendBack(req.params.id, req.body, await whoOf(sessions, req, res)));
  });

  // Preview links (docs/decisions/181-shared-preview-links.md): the service refuses whoever may not edit the post.
  router.post("/cms/posts/:id/preview-links", requireUser, requireSameOrigin, async (req, res) => {
    res.status(201).json(await previewLinks.create(req.params.id, await whoOf(sessions, req, res)));
  });

  router.delete("/cms/posts/:id/preview-links", requireUser, requireSameOrigin, async (req, res) => {
    res.json(await previewLinks.revoke(req.params.id, await whoOf(sessions, req, res)));
  });

  return router;
}
