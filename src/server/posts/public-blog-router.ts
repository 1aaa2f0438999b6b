import { Router } from "express";
import { z } from "zod";
import { BLOG_MESSAGES } from "~/shared/blog";
import { fieldErrors } from "~/shared/field-errors";
import type { AppContext } from "~/server/context";
import type { HtmlCache } from "~/server/page-cache/html-cache";
import type { CacheableRoute } from "~/server/page-cache/page-rules";
import { encodeSlug, SHOWS_POSTS, showsHeader, showsPost } from "~/shared/page-cache";
import { NotFoundError, ValidationError } from "~/server/http/errors";

/** `?page=&pageSize=` for clients that want less than every post; both or neither. */
const pagingSchema = z
  .object({
    page: z.coerce.number().int().min(1).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).optional(),
  })
  .refine((q) => (q.page === undefined) === (q.pageSize === undefined), {
    message: "Give page and pageSize together.",
    path: ["pageSize"],
  });

/** The calls below, as paths under the router's mount. */
const LIST = "/public/blog/posts";
const ONE = "/public/blog/posts/:slug";
const ALL = "/blog/posts";
const TAGS = "/blog/tags";

/**
 * The calls the page cache may keep (docs/decisions/069-pages-say-what-they-show.md), as paths
 * under the router's mount: app.ts hands them to the cache with the mount's prefix.
 */
export const PUBLIC_BLOG_CACHEABLE: CacheableRoute[] = [
  { path: LIST, pageCache: { reads: ["page", "pageSize"] } },
  { path: ONE, pageCache: {} },
  { path: ALL, pageCache: {} },
  { path: TAGS, pageCache: {} },
];

/**
 * The public blog calls of docs/product.md section 7: published posts only. They change only on content
 * writes, so each answers through the page cache's `sendJson`, which keeps them like the public
 * pages (html-cache.ts: same invalidation, ETag and compression), each saying what it shows as the pages do (src/shared/page-cache.ts). `no-cache` rather than the rest of /api's `no-store`: a browser may keep
 * a copy but must ask every time, so the product's "fresh data on every call" holds and a repeat call is
 * a 304 instead of the whole list again.
 */
export function publicBlogRouter({ blog }: AppContext, sendJson: HtmlCache["sendJson"]): Router {
  const router = Router();
  router.use([LIST, ALL, TAGS], (_req, res, next) => {
    res.set({ "Cache-Control": "no-cache", ...showsHeader([SHOWS_POSTS]) });
    next();
  });

  // The `cache` query parameter is the original client's cache-buster: accepted and ignored.
  router.get(LIST, async (req, res) => {
    const paging = pagingSchema.safeParse({ page: req.query.page, pageSize: req.query.pageSize });
    if (!paging.success) throw new ValidationError("Invalid paging parameters.", fieldErrors(paging.error));
    const { page, pageSize } = paging.data;
    const posts = page && pageSize ? await blog.listPublishedPage({ page, pageSize }) : await blog.listPublished();
    if (!posts) throw new NotFoundError(BLOG_MESSAGES.pageNotFoundApi);
    sendJson(req, res, 200, posts);
  });

  router.get(ONE, async (req, res) => {
    const post = await blog.getPublished(req.params.slug);
    const moved = post ? undefined : await blog.movedTo(req.params.slug);
    // An old slug moves for good; the answer is not kept by the page cache, which keeps 200s and 404s.
    if (moved?.shown) return res.redirect(301, `${req.baseUrl}/public/blog/posts/${encodeSlug(moved.slug)}`);
    // The list's header, set above, is not this answer's.
    res.set(showsHeader([showsPost(req.params.slug), ...(moved ? [showsPost(moved.slug)] : [])]));
    if (!post) throw new NotFoundError(BLOG_MESSAGES.notFoundApi);
    sendJson(req, res, 200, post);
  });

  router.get(ALL, async (req, res) => {
    sendJson(req, res, 200, await blog.listPublished());
  });

  router.get(TAGS, async (req, res) => {
    sendJson(req, res, 200, await blog.listTags());
  });

  return router;
}
