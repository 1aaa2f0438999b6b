import { useState } from "react";
import { api } from "~/app/lib/api";
import { fromLocalInput, formatLocalTime } from "~/app/lib/local-time";
import { toast } from "~/app/lib/toast";
import { Button, buttonClasses } from "~/app/components/ui/button";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { PAGE_EDITOR_MESSAGES as M } from "~/shared/page-editor";
import { SCHEDULE_MESSAGES } from "~/shared/post-schedule";
import type { CmsPage } from "~/shared/pages";
import type { SessionUser } from "~/shared/users";
import { ADMIN_MESSAGES } from "../admin-messages";
import { ScheduleField, useSchedule } from "../schedule-controls";
import type { PageDraft } from "./use-page-draft";

/** The page's address as visitors open it; the origin is read in the browser, when the question is asked. */
const addressOf = (path: string) => `${typeof window === "undefined" ? "" : window.location.origin}${path}`;

/** What the editor says of its saves, in a live region: saving, saved at, unsaved, or why not. */
function statusText(draft: PageDraft): string {
  const { state, dirty, valid, saved } = draft;
  if (state.kind === "saving") return M.status.saving;
  if (state.kind === "failed") return M.status.failed(state.message);
  if (dirty && !valid) return M.status.invalid;
  if (dirty) return saved.published ? M.status.livePage : M.status.unsaved;
  return M.status.saved(saved.updatedAt);
}

/**
 * Save (autosave does it for a page visitors cannot see yet), Publish or Unpublish after their
 * question, a schedule, Submit for review for whoever may not publish, and the link to the page.
 * Publishing is a step of its own (docs/decisions/101-drafts-until-published.md): the edits are
 * saved first, then the page goes live as saved.
 */
export function PageActions({
  draft,
  mayPublish,
  mayEdit,
}: {
  draft: PageDraft;
  user: SessionUser;
  mayPublish: boolean;
  mayEdit: boolean;
}) {
  const { saved, values } = draft;
  const [busy, setBusy] = useState(false);
  const schedule = useSchedule(saved.publishAt);
  const address = addressOf(values.path);

  /** Saves the edits when there are any; false when the save was refused or the form is not valid. */
  const saveFirst = async (): Promise<boolean> => {
    if (!draft.valid) {
      toast({ ...ADMIN_MESSAGES.formErrors, variant: "destructive" });
      return false;
    }
    if (!draft.dirty) return true;
    return (await draft.save()) !== undefined;
  };

  const run = async (step: () => Promise<CmsPage>, done: { title: string; description?: string }) => {
    setBusy(true);
    try {
      if (!(await saveFirst())) return;
      draft.adopt(await step(), true);
      toast(done);
    } catch (error) {
      toast({ title: (error as Error).message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  const base = `/api/cms/pages/${saved.id}`;
  const publish = () => run(() => api.post<CmsPage>(`${base}/publish`, { updatedAt: draft.base.current }), M.published);
  const unpublish = () => run(() => api.post<CmsPage>(`${base}/unpublish`), M.unpublished);
  const scheduleAt = (publishAt: string) =>
    run(() => api.post<CmsPage>(`${base}/publish`, { publishAt, updatedAt: draft.base.current }), M.scheduled);
  const unschedule = () => run(() => api.post<CmsPage>(`${base}/unpublish`), M.unscheduled);
  const submit = () => run(() => api.post<CmsPage>(`${base}/submit`), M.submitted);
  const save = async () => {
    if (!draft.valid) return toast({ ...ADMIN_MESSAGES.formErrors, variant: "destructive" });
    if (await draft.save()) toast(M.savedToast);
  };

  const at = fromLocalInput(schedule.value);
  const future = at !== undefined && Date.parse(at) > Date.now();
  const working = busy || draft.state.kind === "saving";
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <p role="status" className="text-sm text-slate-700">
        {statusText(draft)}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {mayEdit && (
          <Button type="button" onClick={() => void save()} disabled={working}>
            {draft.state.kind === "saving" ? M.saving : saved.published ? M.save : M.saveDraft}
          </Button>
        )}
        {mayPublish &&
          (saved.published ? (
            <ConfirmButton
              type="button"
              variant="outline"
              disabled={working}
              title={M.unpublishTitle}
              description={M.unpublishText(values.title, address)}
              confirmLabel={M.unpublish}
              onConfirm={() => void unpublish()}
            >
              {M.unpublish}
            </ConfirmButton>
          ) : schedule.value ? (
            <ConfirmButton
              type="button"
              variant="secondary"
              disabled={working || !future}
              title={SCHEDULE_MESSAGES.schedule}
              description={
                future
                  ? `${M.publishText(values.title, address)} ${SCHEDULE_MESSAGES.scheduledFor(formatLocalTime(at))}`
                  : ""
              }
              confirmLabel={saved.publishAt ? SCHEDULE_MESSAGES.reschedule : SCHEDULE_MESSAGES.schedule}
              confirmVariant="default"
              onConfirm={() => at && void scheduleAt(at)}
            >
              {saved.publishAt ? SCHEDULE_MESSAGES.reschedule : SCHEDULE_MESSAGES.schedule}
            </ConfirmButton>
          ) : (
            <ConfirmButton
              type="button"
              variant="secondary"
              disabled={working}
              title={M.publishTitle}
              description={M.publishText(values.title, address)}
              confirmLabel={M.publish}
              confirmVariant="default"
              onConfirm={() => void publish()}
            >
              {M.publish}
            </ConfirmButton>
          ))}
        {!mayPublish && mayEdit && !saved.published && !saved.submittedAt && (
          <Button type="button" variant="secondary" disabled={working} onClick={() => void submit()}>
            {M.submit}
          </Button>
        )}
        {saved.published && (
          <a href={saved.path} target="_blank" rel="noreferrer" className={buttonClasses({ variant: "outline" })}>
            {M.view}
          </a>
        )}
      </div>
      {mayPublish && !saved.published && (
        <details open={Boolean(saved.publishAt)}>
          <summary className="cursor-pointer text-sm font-medium text-slate-800">{SCHEDULE_MESSAGES.schedule}</summary>
          <div className="mt-2">
            <ScheduleField
              schedule={schedule}
              publishAt={saved.publishAt}
              busy={working}
              onUnschedule={() => void unschedule()}
            />
          </div>
        </details>
      )}
    </div>
  );
}
