import { ANALYTICS_MESSAGES, percent, type AnalyticsRow } from "~/shared/analytics";
import { buttonClasses } from "~/app/components/ui/button";
import { cn } from "~/app/lib/cn";

const COLUMNS = ["Views", "Visitors", "Entries", "Leads", "Conversion", "Subscriptions"] as const;
type Column = (typeof COLUMNS)[number];
/**
 * On a phone the table fits its width without scrolling: entries have their own table, sorted by
 * them, and subscriptions theirs, where the leads give way instead.
 */
const cell = (column: Column, id: string) =>
  cn(
    "py-2 pl-2 text-right sm:pl-3",
    (column === "Entries" || column === (id === "subscribed" ? "Leads" : "Subscriptions")) && "max-sm:hidden",
  );

/** One table of the report, with its CSV export (the whole table, GET /api/admin/analytics/ID.csv). */
export function AnalyticsTable({
  id,
  title,
  keyLabel,
  rows,
  csvHref,
}: {
  id: string;
  title: string;
  keyLabel: string;
  rows: AnalyticsRow[];
  csvHref: string;
}) {
  const headingId = `analytics-${id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {title}
        </h3>
        <a href={csvHref} download className={buttonClasses({ variant: "outline", size: "sm" }, "shrink-0")}>
          {ANALYTICS_MESSAGES.exportCsv}
          <span className="sr-only">: {title}</span>
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{ANALYTICS_MESSAGES.noData}</p>
      ) : (
        <table className="mt-3 w-full text-left text-xs sm:text-sm">
          <thead className="border-b border-slate-200 text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium">
                {keyLabel}
              </th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className={cn(cell(c, id), "font-medium")}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="max-w-[16rem] py-2 pr-2 font-normal wrap-anywhere text-slate-900">
                  {row.label}
                </th>
                {[row.views, row.visitors, row.entries, row.leads].map((n, i) => (
                  <td key={COLUMNS[i]} className={cn(cell(COLUMNS[i]!, id), "text-slate-800 tabular-nums")}>
                    {n.toLocaleString("en-US")}
                  </td>
                ))}
                <td className={cn(cell("Conversion", id), "text-slate-800 tabular-nums")}>{percent(row.conversion)}</td>
                <td className={cn(cell("Subscriptions", id), "text-slate-800 tabular-nums")}>
                  {row.subscriptions.toLocaleString("en-US")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
