import { Router, type RequestHandler } from "express";
import type { Guards } from "~/server/auth/guards";
import type { AppContext } from "~/server/context";
import { csvDocument } from "~/server/http/csv";
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from "~/server/http/errors";
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_TABLES,
  analyticsRangeSchema,
  canSeeAnalytics,
  percent,
  type AnalyticsReport,
} from "~/shared/analytics";
import { AUTH_MESSAGES } from "~/shared/auth-messages";
import { fieldErrors } from "~/shared/field-errors";

export const NO_SUCH_TABLE = `Analytics tables are ${ANALYTICS_TABLES.map((t) => t.id).join(", ")}.`;
export const ANALYTICS_OFF_MESSAGE = "Analytics are turned off on this server (ANALYTICS=off).";

/** The days a query asks for, or a 400 naming the bad field. */
function rangeOf(query: unknown) {
  const parsed = analyticsRangeSchema.safeParse(query);
  if (!parsed.success) throw new ValidationError(ANALYTICS_MESSAGES.invalidRange, fieldErrors(parsed.error));
  return parsed.data;
}

/**
 * GET /api/admin/analytics (the Analytics tab's report, docs/api.md) and each of its tables as a
 * spreadsheet, GET /api/admin/analytics/TABLE.csv, for whoever canSeeAnalytics allows.
 */
export function analyticsRouter({ analytics, sessions }: AppContext, { requireUser }: Guards): Router {
  const router = Router();
  const allowed: RequestHandler = (req, res, next) => {
    sessions
      .user(req, res)
      .then((user) => {
        if (!user) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
        if (!canSeeAnalytics(user.role)) throw new ForbiddenError(ANALYTICS_MESSAGES.forbidden);
        if (!analytics) throw new NotFoundError(ANALYTICS_OFF_MESSAGE);
      })
      .then(() => next(), next);
  };

  router.get("/admin/analytics", requireUser, allowed, async (req, res) => {
    res.json(await analytics!.report(rangeOf(req.query)));
  });

  router.get("/admin/analytics/:table.csv", requireUser, allowed, async (req, res) => {
    const table = ANALYTICS_TABLES.find((t) => t.id === req.params.table);
    if (!table) throw new NotFoundError(NO_SUCH_TABLE);
    const range = rangeOf(req.query);
    const report = await analytics!.report(range, Infinity);
    res.set("Content-Type", "text/csv; charset=utf-8");
    res.attachment(`analytics-${table.id}-${range.from}-to-${range.to}.csv`);
    res.send(tableCsv(report, table.id));
  });

  return router;
}

/** One table of a report as CSV: the key and its label, the counts, the conversion rate and the subscriptions. */
export function tableCsv(report: AnalyticsReport, table: keyof AnalyticsReport["tables"]): string {
  const rows = report.tables[table].map((row) => [
    row.key,
    row.label,
    String(row.views),
    String(row.visitors),
    String(row.entries),
    String(row.leads),
    percent(row.conversion),
    String(row.subscriptions),
  ]);
  // Subscriptions last, so the columns before them read as they always have.
  return csvDocument(["key", "label", "views", "visitors", "entries", "leads", "conversion", "subscriptions"], rows);
}
