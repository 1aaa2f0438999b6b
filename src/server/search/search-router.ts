import { Router } from "express";
import type { AppContext } from "~/server/context";
import { ValidationError } from "~/server/http/errors";
import { readSearchParams } from "~/shared/search";

export const SEARCH_INVALID_MESSAGE = "Invalid search.";

/**
 * `GET /api/public/search?q=&page=` (docs/api.md): the public search for scripts, the same results
 * as the /search page. Never kept by the page cache (no rule declares it) and `no-store` like the
 * rest of /api: each distinct query would otherwise take a place a page of the site needs.
 */
export function searchRouter({ search }: AppContext): Router {
  const router = Router();
  router.get("/public/search", async (req, res) => {
    const url = new URL(req.originalUrl, "http://localhost");
    const request = readSearchParams(url.searchParams);
    if (!request.ok) throw new ValidationError(SEARCH_INVALID_MESSAGE, request.errors);
    res.json(await search.search(request.query, request.page));
  });
  return router;
}
