import { Router } from "express";
import { z } from "zod";
import { BLOG_MESSAGES } from "~/shared/blog";
import { fieldErrors } from "~/shared/field-errors";
import type { AppContext } from "~/server/context";
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

/**
 * The public blog calls of docs/product.md section 7: published posts only. They change only on content
 * writes, so the page cache keeps them like the public pages (html-cache.ts: same invalidation,
 * ETag and compression). `no-cache` rather than the rest of /api's `no-store`: a browser may keep
 * a copy but must ask every time, so the product's "fresh data on every call" holds and a repeat call is
 * a 304 instead of the whole list again.
 */
export function publicBlogRouter({ blog }: AppContext): Router {
  const router = Router();
  router.use(["/public/blog/posts", "/blog/posts", "/blog/tags"], (_req, res, next) => {
    res.set("Cache-Control", "no-cache");
    next();
  });

  // The `cache` query parameter is the original client's cache-buster: accepted and ignored.
  router.get("/public/blog/posts", async (req, res) => {
    const paging = pagingSchema.safeParse({ page: req.query.page, pageSize: req.query.pageSize });
    if (!paging.success) throw new ValidationError("Invalid paging parameters.", fieldErrors(paging.error));
    const { page, pageSize } = paging.data;
    const posts = page && pageSize ? await blog.listPublishedPage({ page, pageSize }) : await blog.listPublished();
    if (!posts) throw new NotFoundError(BLOG_MESSAGES.pageNotFoundApi);
    res.json(posts);
  });

  router.get("/public/blog/posts/:slug", async (req, res) => {
    const post = await blog.getPublished(req.params.slug);
    if (!post) throw new NotFoundError(BLOG_MESSAGES.notFoundApi);
    res.json(post);
  });

  router.get("/blog/posts", async (_req, res) => {
    res.json(await blog.listPublished());
  });

  router.get("/blog/tags", async (_req, res) => {
    res.json(await blog.listTags());
  });

  return router;
}
