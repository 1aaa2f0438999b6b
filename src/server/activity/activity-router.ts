import { Router } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";

/**
 * The Activity tab's calls (docs/decisions/102-activity-log.md), admins only: a page of entries
 * (`?user=&kind=&page=`), and every matching entry as CSV. Reads only: nothing in the log is
 * changed or removed over HTTP.
 */
export function activityRouter({ activity }: AppContext, { allow }: Guards): Router {
  const router = Router();

  router.get("/admin/activity", allow("activity.see"), async (req, res) => {
    res.json(await activity.page(req.query));
  });

  router.get("/admin/activity.csv", allow("activity.see"), async (req, res) => {
    const csv = await activity.csv(req.query);
    const day = new Date().toISOString().slice(0, 10);
    res.set("Content-Type", "text/csv; charset=utf-8");
    res.attachment(`activity-${day}.csv`);
    res.send(csv);
  });

  return router;
}
