import { Router } from "express";
import type { AppContext } from "~/server/context";
import { healthStatus, publicHealth } from "~/server/operations/health";
import { can } from "~/shared/permissions";

/**
 * GET /api/public/health/database (docs/product.md section 7): public, because a load
 * balancer or uptime monitor has no session, so anyone gets the status (200 healthy, 503 when the
 * store is unusable) and the public fields (`publicHealth`): whether the site can save, whether
 * its settings are complete, which are missing, and how many posts are published. Errors, disk
 * space, data size, backups, schedules and the version tell an attacker what to aim at, so only a
 * signed-in user who may run the utility tools (the /system/health page's gate) gets the whole
 * report. Never cached (the /api router's Cache-Control).
 */
export function healthRouter({ health, sessions }: AppContext): Router {
  const router = Router();
  router.get("/public/health/database", async (req, res) => {
    // A session that cannot be read (the store is down) is no admin's: the report must still answer.
    const [report, user] = await Promise.all([health.check(), sessions.user(req, res).catch(() => undefined)]);
    res.status(healthStatus(report)).json(can(user?.role, "backups.manage") ? report : publicHealth(report));
  });
  return router;
}
