import { useEffect, useState } from "react";
import { SCHEDULE_MESSAGES as M } from "~/shared/post-schedule";
import { formatLocalTime, fromLocalInput, localZone, toLocalInput } from "~/app/lib/local-time";
import { Button } from "~/app/components/ui/button";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { Field, inputClasses } from "~/app/components/ui/field";

/**
 * The editor's schedule (docs/decisions/120-scheduled-publishing-exactly-once.md): a date and time
 * in the admin's own zone, named beside it, sent as UTC. Like publishing, scheduling is a step of
 * its own, never a side effect of saving (docs/decisions/101-drafts-until-published.md).
 */
export function useSchedule(publishAt: string | undefined) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  // Read in the browser only: the server's zone is not the admin's.
  const [zone, setZone] = useState<string>();
  useEffect(() => {
    setZone(localZone());
    setValue(publishAt ? toLocalInput(publishAt) : "");
  }, [publishAt]);
  return { value, setValue, error, setError, zone };
}

export type Schedule = ReturnType<typeof useSchedule>;

/** The time field, and while a schedule is set, when it goes out and a way to clear it. */
export function ScheduleField({
  schedule,
  publishAt,
  busy,
  onUnschedule,
}: {
  schedule: Schedule;
  publishAt: string | undefined;
  busy: boolean;
  onUnschedule: () => void;
}) {
  return (
    <section aria-labelledby="post-schedule-heading" className="rounded-lg border border-slate-200">
      <h3 id="post-schedule-heading" className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        {M.schedule}
      </h3>
      <div className="space-y-3 p-4">
        {publishAt && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-brand-50 px-3 py-2">
            <p className="text-sm font-medium text-brand-900" role="status">
              {M.scheduledFor(formatLocalTime(publishAt))}
            </p>
            <Button variant="outline" size="sm" disabled={busy} onClick={onUnschedule}>
              {M.unschedule}
            </Button>
          </div>
        )}
        <Field id="post-publish-at" label={M.label(schedule.zone ?? "…")} error={schedule.error}>
          {(a) => (
            <input
              {...a}
              type="datetime-local"
              value={schedule.value}
              onChange={(e) => {
                schedule.setValue(e.target.value);
                schedule.setError(undefined);
              }}
              aria-describedby={[a["aria-describedby"], "post-publish-at-hint"].filter(Boolean).join(" ")}
              className={`${inputClasses} sm:max-w-xs`}
            />
          )}
        </Field>
        <p id="post-publish-at-hint" className="text-sm text-slate-600">
          {M.hint}
        </p>
      </div>
    </section>
  );
}

/** Schedule (or Reschedule) in place of Publish while a time is picked, after its question. */
export function ScheduleButton({
  schedule,
  rescheduling,
  title,
  busy,
  onSchedule,
}: {
  schedule: Schedule;
  rescheduling: boolean;
  title: string;
  busy: boolean;
  onSchedule: (publishAt: string) => void;
}) {
  const at = fromLocalInput(schedule.value);
  const label = rescheduling ? M.reschedule : M.schedule;
  // A time already past is refused here as on the server, before the question is asked.
  const future = at !== undefined && Date.parse(at) > Date.now();
  if (!future) {
    return (
      <Button variant="secondary" disabled={busy} onClick={() => schedule.setError(M.pickTime)}>
        {label}
      </Button>
    );
  }
  return (
    <ConfirmButton
      variant="secondary"
      disabled={busy}
      title={M.scheduleTitle}
      description={M.scheduleText(title, formatLocalTime(at))}
      confirmLabel={label}
      confirmVariant="default"
      onConfirm={() => onSchedule(at)}
    >
      {label}
    </ConfirmButton>
  );
}
