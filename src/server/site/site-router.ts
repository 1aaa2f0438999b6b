import { Router, type RequestHandler } from "express";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { SHOWS_SITE, showsHeader } from "~/shared/page-cache";
import { canEditSite, SITE_CONTENT_MESSAGES } from "~/shared/site-content";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "~/server/http/errors";
import type { HtmlCache } from "~/server/page-cache/html-cache";
import type { CacheableRoute } from "~/server/page-cache/page-rules";
import { siteBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";

const PUBLIC_SITE = "/public/site";

/** The public call the page cache may keep, as a path under the router's mount (app.ts). */
export const PUBLIC_SITE_CACHEABLE: CacheableRoute[] = [{ path: PUBLIC_SITE, pageCache: {} }];

/** A revision number from a URL: a positive integer, or the 404 every unknown revision gets. */
function revisionId(value: unknown): number {
  const id = Number(value);
  if (typeof value !== "string" || !/^\d+$/.test(value) || !Number.isSafeInteger(id))
    throw new NotFoundError(SITE_CONTENT_MESSAGES.revisionNotFound);
  return id;
}

/**
 * The site content's calls (docs/api.md, Site content): the published content for anyone, kept by
 * the page cache like the public blog calls; the draft, publishing and revisions for those
 * `canEditSite` allows, every write from the site's own origin.
 */
export function siteRouter({ site, sessions }: AppContext, guards: Guards, sendJson: HtmlCache["sendJson"]): Router {
  const router = Router();
  const editor: RequestHandler = (req, res, next) => {
    sessions
      .user(req, res)
      .then((user) => {
        if (!user) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
        if (!canEditSite(user.role)) throw new ForbiddenError(SITE_CONTENT_MESSAGES.editorsOnly);
      })
      .then(() => next(), next);
  };
  const write = [editor, guards.requireSameOrigin];

  router.get(PUBLIC_SITE, async (req, res) => {
    const content = await site.published();
    res.set({ "Cache-Control": "no-cache", ...showsHeader([SHOWS_SITE]) });
    sendJson(req, res, 200, {
      home: content.home,
      industries: content.industries.filter((i) => i.shown),
      links: content.links,
    });
  });

  router.get("/admin/site", editor, async (_req, res) => {
    res.json(await site.adminView());
  });
  router.put("/admin/site/draft", ...write, siteBody, async (req, res) => {
    res.json(await site.saveDraft(req.body));
  });
  router.post("/admin/site/publish", ...write, async (req, res) => {
    res.status(201).json(await site.publish(await whoOf(sessions, req, res)));
  });
  router.get("/admin/site/revisions", editor, async (_req, res) => {
    res.json(await site.revisions());
  });
  router.get("/admin/site/revisions/:rev", editor, async (req, res) => {
    res.json(await site.revision(revisionId(req.params.rev)));
  });
  router.post("/admin/site/revisions/:rev/restore", ...write, async (req, res) => {
    res.status(201).json(await site.restore(revisionId(req.params.rev), await whoOf(sessions, req, res)));
  });
  return router;
}
