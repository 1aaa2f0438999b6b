import { useCallback, useEffect, useState } from "react";
import { formatDateTime } from "~/shared/dates";
import type { HealthReport } from "~/shared/operations";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { HEALTH_MESSAGES } from "./health-messages";
import { ScheduleHealthItem } from "./schedule-health";

/**
 * A report as the page reads it: docs/product.md section 3's fields, and ours only when present. A
 * report from another instance (an older version behind the same address, or a report that shows
 * its details to admins alone) may have none of ours, and the page still shows what it has.
 */
type ShownReport = Pick<HealthReport, "databaseConnected"> & Partial<Omit<HealthReport, "databaseConnected">>;

type State =
  | { kind: "checking" }
  | { kind: "report"; report: ShownReport }
  | { kind: "error"; message: string }
  | { kind: "empty" };

/** The report answers 503 when the store is unusable, and that answer is still a report to show. */
async function fetchReport(): Promise<ShownReport | undefined> {
  const res = await fetch("/api/public/health/database", {
    cache: "no-store",
    headers: { Accept: "application/json" },
  });
  if (!res.ok && res.status !== 503) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const body = (await res.json().catch(() => undefined)) as ShownReport | undefined;
  return body && typeof body.databaseConnected === "boolean" ? body : undefined;
}

/** docs/product.md section 2, /system/health: database, environment, post count, errors; Refresh, Retry, Check Now. */
export function HealthView() {
  const [state, setState] = useState<State>({ kind: "checking" });

  const check = useCallback(async () => {
    setState({ kind: "checking" });
    try {
      const report = await fetchReport();
      setState(report ? { kind: "report", report } : { kind: "empty" });
    } catch (err) {
      setState({ kind: "error", message: err instanceof Error ? err.message : String(err) });
    }
  }, []);
  useEffect(() => void check(), [check]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{HEALTH_MESSAGES.title}</h1>
      <p className="mt-2 text-slate-600">{HEALTH_MESSAGES.intro}</p>
      <div className="mt-8" aria-live="polite">
        {state.kind === "checking" && <p className="text-slate-600">{HEALTH_MESSAGES.checking}</p>}
        {state.kind === "error" && (
          <Card role="alert" className="border-red-200 bg-red-50">
            <h2 className="text-lg font-semibold text-red-900">{HEALTH_MESSAGES.errorTitle}</h2>
            <p className="mt-1 text-sm text-red-900">{state.message}</p>
            <Button className="mt-4" onClick={check}>
              {HEALTH_MESSAGES.retry}
            </Button>
          </Card>
        )}
        {state.kind === "empty" && (
          <Card>
            <p className="text-slate-700">{HEALTH_MESSAGES.noData}</p>
            <Button className="mt-4" onClick={check}>
              {HEALTH_MESSAGES.checkNow}
            </Button>
          </Card>
        )}
        {state.kind === "report" && <Report report={state.report} onRefresh={check} />}
      </div>
    </div>
  );
}

function Report({ report, onRefresh }: { report: ShownReport; onRefresh: () => void }) {
  const missing = report.missingEnvVars ?? [];
  return (
    <Card>
      <dl className="grid gap-6 sm:grid-cols-2">
        <Item label="Database">
          <Badge tone={report.databaseConnected ? "success" : "muted"}>
            {report.databaseConnected ? HEALTH_MESSAGES.connected : HEALTH_MESSAGES.disconnected}
          </Badge>
        </Item>
        <Item label="Environment variables">
          <Badge tone={report.environmentComplete ? "success" : "muted"}>
            {report.environmentComplete ? HEALTH_MESSAGES.envComplete : HEALTH_MESSAGES.envIncomplete}
          </Badge>
          {missing.length > 0 && (
            <span className="mt-2 block text-sm text-slate-700">Not set: {missing.join(", ")}</span>
          )}
        </Item>
        {report.databaseLatencyMs !== undefined && (
          <Item label="Database round trip">{report.databaseLatencyMs} ms</Item>
        )}
        <Item label="Blog posts">{report.postsCount ?? HEALTH_MESSAGES.unknown}</Item>
        {report.timestamp && <Item label="Checked at">{formatDateTime(report.timestamp)}</Item>}
        {report.lastWriteAt !== undefined && (
          <Item label="Last save">
            {report.lastWriteAt ? formatDateTime(report.lastWriteAt) : HEALTH_MESSAGES.noSaveYet}
          </Item>
        )}
        {report.lastBackupAt !== undefined && (
          <Item label="Last backup">
            {report.lastBackupAt ? formatDateTime(report.lastBackupAt) : HEALTH_MESSAGES.noBackupYet}
          </Item>
        )}
        {report.scheduledBackups && (
          <Item label="Scheduled backups">
            {HEALTH_MESSAGES.scheduledBackups(
              report.scheduledBackups.schedule,
              report.scheduledBackups.lastScheduledAt && formatDateTime(report.scheduledBackups.lastScheduledAt),
            )}
          </Item>
        )}
        {report.scheduledBackups?.failure && (
          <div className="sm:col-span-2">
            <Item label="Scheduled backup failing">
              <code className="block rounded bg-red-50 p-3 text-sm wrap-anywhere text-red-900">
                {HEALTH_MESSAGES.scheduledBackupFailing(
                  formatDateTime(report.scheduledBackups.failure.since),
                  report.scheduledBackups.failure.reason,
                )}
              </code>
            </Item>
          </div>
        )}
        {report.freeBytes !== undefined && <Item label="Free disk space">{formatBytes(report.freeBytes)}</Item>}
        {report.dataBytes !== undefined && <Item label="Data file size">{formatBytes(report.dataBytes)}</Item>}
        {report.version !== undefined && <Item label="Version">{report.version}</Item>}
        {report.uptimeSeconds !== undefined && <Item label="Running for">{formatUptime(report.uptimeSeconds)}</Item>}
        {report.schedules && <ScheduleHealthItem schedules={report.schedules} />}
        {report.lastWriteError && (
          <div className="sm:col-span-2">
            <Item label="Last save failed">
              <code className="block rounded bg-red-50 p-3 text-sm break-words text-red-900">
                {report.lastWriteError}
              </code>
            </Item>
          </div>
        )}
        {report.error && (
          <div className="sm:col-span-2">
            <Item label="Error details">
              <code className="block rounded bg-red-50 p-3 text-sm wrap-anywhere text-red-900">{report.error}</code>
            </Item>
          </div>
        )}
      </dl>
      <Button className="mt-6" onClick={onRefresh}>
        {HEALTH_MESSAGES.refresh}
      </Button>
    </Card>
  );
}

function formatBytes(bytes: number | null): string {
  if (bytes === null) return HEALTH_MESSAGES.unknown;
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return minutes > 0 ? `${minutes} min` : `${seconds} s`;
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}
