import { Router, type RequestHandler } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { ValidationError } from "~/server/http/errors";
import { jsonBody } from "~/server/http/json-body";
import { parseId } from "~/server/posts/post-history";
import type { Store } from "~/server/records/store";
import type { Redirect } from "~/server/store/types";
import { fieldErrors } from "~/shared/field-errors";
import { REDIRECT_MESSAGES, redirectInputSchema, type RedirectItem } from "~/shared/redirects";
import { findRedirect } from "./find-redirect";

const itemOf = ({ id, path, target, createdAt, source }: Redirect): RedirectItem => ({
  id,
  path,
  target,
  createdAt,
  ...(source && { source }),
});

/**
 * /api/admin/redirects (docs/decisions/251-old-addresses-kept-as-redirects.md): admins list, add
 * and remove old addresses; writes same-origin. "redirects.manage" needs no scope an API token
 * can have.
 */
export function redirectsRouter({ store }: AppContext, { allow, requireSameOrigin }: Guards): Router {
  const router = Router();

  router.get("/admin/redirects", allow("redirects.manage"), async (_req, res) => {
    res.json({ redirects: (await store.listRedirects()).map(itemOf) });
  });

  router.post("/admin/redirects", requireSameOrigin, allow("redirects.manage"), jsonBody, async (req, res) => {
    const parsed = redirectInputSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new ValidationError(REDIRECT_MESSAGES.formErrors, fieldErrors(parsed.error));
    res.status(201).json(itemOf(await store.addRedirect(parsed.data)));
  });

  router.delete("/admin/redirects/:id", requireSameOrigin, allow("redirects.manage"), async (req, res) => {
    const id = parseId(req.params.id, REDIRECT_MESSAGES.invalidId);
    res.json({ removed: itemOf(await store.removeRedirect(id)) });
  });

  return router;
}

/**
 * WordPress's `/?p=ID` and `/?page_id=ID` are queries on the home page, which the page cache keeps
 * by its path alone: app.ts sends a home request whose query names either past the cache to this,
 * which answers the 301 when the address is known and hands every other request on untouched.
 */
export function oldHomeQuery(store: Store): RequestHandler {
  return (req, res, next) => {
    if (req.path !== "/" || (req.method !== "GET" && req.method !== "HEAD") || !namesOldQuery(req.url)) return next();
    findRedirect(store, "/", new URL(req.url, "http://site.invalid").searchParams).then(
      (target) => (target ? res.redirect(301, target) : next()),
      next,
    );
  };
}

/** Whether a request target's query names `p` or `page_id`: a string test, no parsing, for every home request. */
export const namesOldQuery = (url: string) => url.startsWith("/?") && /[?&](?:p|page_id)=/.test(url);
