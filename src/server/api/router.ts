import { Router } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { NotFoundError } from "~/server/errors";
import { adminRouter } from "./admin";
import { adminUsersRouter } from "./admin-users";
import { authRouter } from "./auth";
import { cmsRouter } from "./cms";
import { contactRouter } from "./contact";
import { debugRouter } from "./debug";
import { healthRouter } from "./health";
import { mediaApiRouter } from "./media";
import { publicBlogRouter } from "./public-blog";

export const API_NOT_FOUND_MESSAGE = "No such API endpoint.";

/** Every /api endpoint, grouped as docs/product.md section 7; answers JSON only, never a page. */
export function apiRouter(context: AppContext, guards: Guards): Router {
  const router = Router();
  // docs/product.md section 7: the client asks for fresh data on every call; nothing here is cacheable.
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  router.use(publicBlogRouter(context));
  router.use(authRouter(context, guards));
  router.use(contactRouter(context));
  router.use(cmsRouter(context, guards));
  router.use(debugRouter(context, guards));
  router.use(adminRouter(context, guards));
  router.use(adminUsersRouter(context, guards));
  router.use(healthRouter(context));
  router.use(mediaApiRouter(context, guards));
  router.use((_req, _res, next) => next(new NotFoundError(API_NOT_FOUND_MESSAGE)));
  return router;
}
