import { useEffect, useState } from "react";
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_PERIODS,
  ANALYTICS_TABLES,
  dayOf,
  daysBefore,
  percent,
  type AnalyticsReport,
} from "~/shared/analytics";
import { api, ApiError } from "~/app/lib/api";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { InputField } from "~/app/components/ui/field";
import { cn } from "~/app/lib/cn";
import { AnalyticsChart } from "./analytics-chart";
import { AnalyticsTable } from "./analytics-table";

type Period = (typeof ANALYTICS_PERIODS)[number]["id"] | "custom";
type Range = { from: string; to: string };
type Failure = { message: string; errors?: Record<string, string[]> };

const rangeOf = (days: number): Range => {
  const to = dayOf(Date.now());
  return { from: daysBefore(to, days - 1), to };
};
const query = ({ from, to }: Range) => `from=${from}&to=${to}`;

/**
 * The Analytics tab (docs/cms-guide.md): visitors and page views per day for a period, the
 * figures of the last 30 minutes, and each table with its leads and conversion, read from
 * GET /api/admin/analytics.
 */
export function AnalyticsPanel() {
  const [period, setPeriod] = useState<Period>("30d");
  const [range, setRange] = useState<Range>(() => rangeOf(30));
  const [custom, setCustom] = useState<Range>(range);
  const [report, setReport] = useState<AnalyticsReport>();
  const [failure, setFailure] = useState<Failure>();
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    api.get<AnalyticsReport>(`/api/admin/analytics?${query(range)}`).then(
      (answer) => {
        if (!current) return;
        setReport(answer);
        setFailure(undefined);
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        const message = error instanceof Error ? error.message : ANALYTICS_MESSAGES.loadFailed;
        setFailure({ message, ...(error instanceof ApiError && error.errors && { errors: error.errors }) });
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [range]);

  const choose = (next: Period) => {
    setPeriod(next);
    const preset = ANALYTICS_PERIODS.find((p) => p.id === next);
    if (preset) setRange(rangeOf(preset.days));
  };

  const totals = report?.totals;
  return (
    <Card className="max-sm:p-4">
      <h2 className="text-xl font-semibold text-slate-900">{ANALYTICS_MESSAGES.heading}</h2>
      <p className="mt-1 text-sm text-slate-600">{ANALYTICS_MESSAGES.intro}</p>

      <div role="group" aria-label="Period" className="mt-4 flex flex-wrap gap-2">
        {[...ANALYTICS_PERIODS, { id: "custom" as const, label: "Custom range" }].map((p) => (
          <Button
            key={p.id}
            size="sm"
            variant={period === p.id ? "default" : "outline"}
            aria-pressed={period === p.id}
            onClick={() => choose(p.id)}
          >
            {p.label}
          </Button>
        ))}
      </div>
      {period === "custom" && (
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setRange({ ...custom });
          }}
        >
          <InputField
            id="analytics-from"
            label="From"
            type="date"
            value={custom.from}
            error={failure?.errors?.from?.[0]}
            onChange={(e) => setCustom({ ...custom, from: e.target.value })}
          />
          <InputField
            id="analytics-to"
            label="To"
            type="date"
            value={custom.to}
            error={failure?.errors?.to?.[0]}
            onChange={(e) => setCustom({ ...custom, to: e.target.value })}
          />
          <Button type="submit">Show</Button>
        </form>
      )}

      <div aria-busy={loading} aria-live="polite" className={cn("mt-6", loading && report && "opacity-60")}>
        {failure && !failure.errors && (
          <p role="alert" className="text-sm text-red-700">
            {failure.message}
          </p>
        )}
        {totals && report && (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              {[
                ["Visitors", totals.visitors.toLocaleString("en-US")],
                ["Page views", totals.views.toLocaleString("en-US")],
                ["Leads", totals.leads.toLocaleString("en-US")],
                ["Conversion", percent(totals.conversion)],
                ["Subscriptions", totals.subscriptions.toLocaleString("en-US")],
              ].map(([label, value]) => (
                <div key={label} className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-xs text-slate-600">{label}</dt>
                  <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-slate-700">
              {ANALYTICS_MESSAGES.lastThirtyMinutes(report.lastThirtyMinutes.views, report.lastThirtyMinutes.visitors)}
            </p>
            <AnalyticsChart days={report.days} />
            {/* Side by side only where each table has room for its seven columns beside the admin's menu. */}
            <div className="mt-6 grid gap-4 2xl:grid-cols-2">
              {ANALYTICS_TABLES.map((table) => (
                <AnalyticsTable
                  key={table.id}
                  id={table.id}
                  title={table.title}
                  keyLabel={table.key}
                  rows={report.tables[table.id]}
                  csvHref={`/api/admin/analytics/${table.id}.csv?${query({ from: report.from, to: report.to })}`}
                />
              ))}
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
