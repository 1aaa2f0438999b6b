import { Router } from "express";
import type { AppContext } from "~/server/context";
import { healthStatus } from "~/server/operations/health";

/**
 * GET /api/public/health/database (docs/product.md section 7): public, because a load
 * balancer or uptime monitor has no session; it shows no secrets (docs/architecture.md section 5). 200 when
 * healthy, 503 when the store is unusable; never cached (the /api router's Cache-Control).
 */
export function healthRouter({ health }: AppContext): Router {
  const router = Router();
  router.get("/public/health/database", async (_req, res) => {
    const report = await health.check();
    res.status(healthStatus(report)).json(report);
  });
  return router;
}
