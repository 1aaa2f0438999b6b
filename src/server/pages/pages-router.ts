import { Router } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { jsonBody, optionalJsonBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";
import { NotFoundError } from "~/server/http/errors";
import type { HtmlCache } from "~/server/page-cache/html-cache";
import type { CacheableRoute } from "~/server/page-cache/page-rules";
import { showsHeader, showsPage } from "~/shared/page-cache";
import { normalizePagePath, PAGE_MESSAGES } from "~/shared/pages";

const PUBLIC_ONE = /^\/public\/pages\/(.+)$/;

/** The public call the page cache may keep, as a path under the router's mount (app.ts). */
export const PUBLIC_PAGES_CACHEABLE: CacheableRoute[] = [
  { path: "/public/pages/:first", pageCache: {} },
  { path: "/public/pages/:first/:second", pageCache: {} },
];

/**
 * Pages over HTTP (docs/api.md "Pages"): the published page by its path for anyone, answered
 * through the page cache as the public blog calls are, and the CMS calls for signed-in users,
 * each write same-origin and checked against the permission table by the service.
 */
export function pagesRouter(
  { pages, sessions }: AppContext,
  { requireUser, allow, requireSameOrigin }: Guards,
  sendJson: HtmlCache["sendJson"],
): Router {
  const router = Router();

  router.get(PUBLIC_ONE, async (req, res) => {
    const path = normalizePagePath((req.params as Record<string, string>)[0]!);
    const page = await pages.getPublished(path);
    const moved = page ? undefined : await pages.movedTo(path);
    if (moved?.shown) return res.redirect(301, `${req.baseUrl}/public/pages${moved.address}`);
    res.set({
      "Cache-Control": "no-cache",
      ...showsHeader([showsPage(path), ...(moved ? [showsPage(moved.address)] : [])]),
    });
    if (!page) throw new NotFoundError(PAGE_MESSAGES.notFoundApi);
    sendJson(req, res, 200, page);
  });

  router.get("/cms/pages", requireUser, async (_req, res) => {
    res.json(await pages.list());
  });

  router.post("/cms/pages", allow("pages.create"), requireSameOrigin, jsonBody, async (req, res) => {
    res.status(201).json(await pages.create(req.body, await whoOf(sessions, req, res)));
  });

  router.get("/cms/pages/:id", requireUser, async (req, res) => {
    res.json(await pages.get(req.params.id));
  });

  router.put("/cms/pages/:id", requireUser, requireSameOrigin, jsonBody, async (req, res) => {
    res.json(await pages.update(req.params.id, req.body, await whoOf(sessions, req, res)));
  });

  router.delete("/cms/pages/:id", allow("pages.delete"), requireSameOrigin, async (req, res) => {
    res.json(await pages.remove(req.params.id, await whoOf(sessions, req, res)));
  });

  router.post(
    "/cms/pages/:id/publish",
    allow("pages.publish"),
    requireSameOrigin,
    optionalJsonBody,
    async (req, res) => {
      res.json(await pages.publish(req.params.id, req.body, await whoOf(sessions, req, res)));
    },
  );

  router.post("/cms/pages/:id/unpublish", allow("pages.publish"), requireSameOrigin, async (req, res) => {
    res.json(await pages.unpublish(req.params.id, await whoOf(sessions, req, res)));
  });

  router.post("/cms/pages/:id/submit", requireUser, requireSameOrigin, async (req, res) => {
    res.json(await pages.submit(req.params.id, await whoOf(sessions, req, res)));
  });

  router.get("/cms/pages/:id/revisions", requireUser, async (req, res) => {
    res.json(await pages.revisions(req.params.id));
  });

  router.get("/cms/pages/:id/revisions/:rev", requireUser, async (req, res) => {
    res.json(await pages.revision(req.params.id, req.params.rev));
  });

  router.post("/cms/pages/:id/revisions/:rev/restore", allow("pages.edit"), requireSameOrigin, async (req, res) => {
    res.json(await pages.restoreRevision(req.params.id, req.params.rev, await whoOf(sessions, req, res)));
  });

  return router;
}
