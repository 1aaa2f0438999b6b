import { formatDateTime } from "~/shared/dates";
import { SCHEDULE_MESSAGES as M, type ScheduleHealth } from "~/shared/post-schedule";

/**
 * The health page's part on scheduled publishing: failing schedules (retried every tick) and
 * recent late publishes, by post id, since the page is public and a failing post is still a draft.
 */
export function ScheduleHealthItem({ schedules }: { schedules: ScheduleHealth }) {
  const { failures, late } = schedules;
  return (
    <div className="sm:col-span-2">
      <dt className="text-sm font-medium text-slate-600">{M.healthHeading}</dt>
      <dd className="mt-1 space-y-3 text-slate-900">
        {failures.length === 0 && late.length === 0 && <p>{M.healthNone}</p>}
        {failures.length > 0 && (
          <div>
            <p className="text-sm font-medium text-red-900">{M.healthFailures}</p>
            <ul className="mt-1 space-y-1" aria-label={M.healthFailures}>
              {failures.map((failure) => (
                <li key={failure.postId} className="rounded bg-red-50 p-3 text-sm wrap-anywhere text-red-900">
                  Post {failure.postId}, due {formatDateTime(failure.publishAt)}: {M.failed(failure.reason)}
                </li>
              ))}
            </ul>
          </div>
        )}
        {late.length > 0 && (
          <div>
            <p className="text-sm font-medium text-slate-700">{M.healthLate}</p>
            <ul className="mt-1 space-y-1 text-sm" aria-label={M.healthLate}>
              {late.map((entry) => (
                <li key={entry.postId}>
                  Post {entry.postId}: due {formatDateTime(entry.planned)}, published {formatDateTime(entry.published)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </dd>
    </div>
  );
}
