import { ACTIVITY_MESSAGES } from "~/shared/activity";
import type { Lifecycle, LifecycleRecord } from "./lifecycle";

/**
 * What the activity log says of a collection's records as they go through the lifecycle: the
 * lifecycle's words (src/shared/activity.ts) around the record as its declaration names it, so a
 * collection that opts in is logged without words of its own.
 */
export function activityWords<R extends LifecycleRecord>(lifecycle: Pick<Lifecycle<R>, "activityName">) {
  const what = (record: R) => lifecycle.activityName(record);
  return {
    /** Published, unpublished, deleted, submitted, sent back, its preview links revoked. */
    record: what,
    previewLink: (record: R, expiresAt: string) => ACTIVITY_MESSAGES.previewLink(what(record), expiresAt),
    revisionRestored: (record: R, revision: number) => ACTIVITY_MESSAGES.revisionRestored(what(record), revision),
    publishedOnSchedule: (record: R) =>
      ACTIVITY_MESSAGES.publishedOnSchedule(what(record), record.publishedLate?.planned),
    untrashed: (record: R) => ACTIVITY_MESSAGES.untrashed(what(record)),
    deletedForGood: (record: R) => ACTIVITY_MESSAGES.deletedForGood(what(record)),
  };
}
