import { STALE_UPDATE_MESSAGE } from "~/shared/post-conflict";
import { StaleUpdateError } from "~/server/http/errors";
import type { ReviewStep } from "~/server/store/types";
import type { SaveOrigin } from "./history";
import type { LifecycleRecord } from "./lifecycle";

/**
 * The lifecycle's rules for one save of a record, run on a fresh copy of it inside the store's
 * write (docs/decisions/086-writes-decided-under-the-lock.md), for any collection that opts in:
 * its schedule, its public date, its place in the review queue, who saved it and when.
 */

/** What a save may ask of the lifecycle: to publish or unpublish, a schedule, a new public date. */
export type LifecycleInput = { published?: boolean; publishAt?: string | null; publishAsNew?: boolean };

/**
 * A schedule carried out more than this after its time is marked late: the scheduler ticks well
 * inside it (docs/decisions/120-scheduled-publishing-exactly-once.md), so only a missed time (the
 * server was down, a write failed) crosses it.
 */
export const LATE_AFTER_MS = 30_000;

/** True when the record waits for its schedule and the time has come. */
export function isDue(record: LifecycleRecord, now: number): boolean {
  return !record.published && record.publishAt !== undefined && Date.parse(record.publishAt) <= now;
}

/**
 * A save's schedule: a time sent schedules the record for whoever sent it, `null` clears it, and
 * publishing (on schedule or by hand) ends it. A schedule carried out late says so; unpublishing
 * or scheduling again forgets that.
 */
export function applySchedule<R extends LifecycleRecord>(
  record: R,
  old: R | undefined,
  input: LifecycleInput,
  save: SaveOrigin,
  now: string,
) {
  if (typeof input.publishAt === "string") {
    record.publishAt = input.publishAt;
    if (save.by) record.scheduledBy = save.by.id;
    else delete record.scheduledBy;
  } else if (input.publishAt === null) {
    delete record.publishAt;
    delete record.scheduledBy;
  }
  if (!record.published || record.publishAt) delete record.publishedLate;
  if (!record.published) return;
  const planned = old?.published === false ? old.publishAt : undefined;
  if (planned !== undefined && Date.parse(now) - Date.parse(planned) > LATE_AFTER_MS) {
    record.publishedLate = { planned, published: now };
  }
  delete record.publishAt;
  delete record.scheduledBy;
}

/**
 * Dates a save that makes a record public (docs/decisions/185-published-means-published.md): the
 * first publish, by hand or on schedule, sets `publishedAt` to the publish's own time;
 * unpublishing keeps it, so a republish shows the first date again, unless the writer asks for
 * `publishAsNew`. `createdAt` never moves.
 */
export function applyPublishedAt<R extends LifecycleRecord>(
  record: R,
  old: R | undefined,
  input: LifecycleInput,
  now: string,
) {
  const goesPublic = record.published && !old?.published;
  if (goesPublic && (record.publishedAt === undefined || input.publishAsNew === true)) record.publishedAt = now;
}

/**
 * A record's place in the review queue (docs/decisions/126-review-before-publish.md): submitting
 * puts it in the queue and clears the last note; sending it back takes it out with the editor's
 * note; publishing it, by any route, takes it out and clears the note.
 */
export function applyReviewStep<R extends LifecycleRecord>(record: R, old: R, step: ReviewStep | undefined): void {
  if (step && "submitted" in step) {
    record.submittedAt = step.submitted.at;
    if (step.submitted.by === undefined) delete record.submittedBy;
    else record.submittedBy = step.submitted.by;
    delete record.reviewNote;
  } else if (step && "returned" in step) {
    delete record.submittedAt;
    delete record.submittedBy;
    record.reviewNote = step.returned;
  } else if (record.published && !old.published) {
    delete record.submittedAt;
    delete record.submittedBy;
    delete record.reviewNote;
  }
}

/**
 * Checked inside the write queue, so no other write lands between the check and this one
 * (docs/decisions/021-no-lost-work.md). Times compare as instants, whatever their ISO spelling.
 */
export function assertNotStale(old: LifecycleRecord, ifUpdatedAt: string | undefined) {
  if (ifUpdatedAt === undefined || Date.parse(ifUpdatedAt) === Date.parse(old.updatedAt)) return;
  throw new StaleUpdateError(STALE_UPDATE_MESSAGE, old, ifUpdatedAt);
}

/** Later than the last one, even for two writes within a millisecond, so every version has its own time. */
export function nextUpdatedAt(old: LifecycleRecord, now: string): string {
  const last = Date.parse(old.updatedAt);
  return Number.isNaN(last) || Date.parse(now) > last ? now : new Date(last + 1).toISOString();
}
