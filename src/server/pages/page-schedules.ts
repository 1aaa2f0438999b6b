import type { ActivityEntry } from "~/shared/activity";
import { PAGE_SUBJECT } from "~/shared/pages";
import { ConflictError, NotFoundError } from "~/server/http/errors";
import { NOBODY, type ActivityLog } from "~/server/activity/activity-log";
import type { Page } from "~/server/store/types";
import type { LifecycleRecord } from "~/server/lifecycle/lifecycle";
import { isDue } from "~/server/lifecycle/publishing";
import type { ScheduledCollection } from "~/server/lifecycle/scheduler";
import type { Store } from "~/server/records/store";
import { PAGE_ACTIVITY } from "./page-lifecycle";

const NOT_DUE_MESSAGE = "The page is no longer waiting for its schedule.";

/**
 * Publishes one scheduled page exactly once however many instances try, as posts' schedules are
 * (docs/decisions/120-scheduled-publishing-exactly-once.md): whether it is still due is decided
 * inside the store's write, so a second instance finds it published and writes nothing.
 */
async function publishPageOnSchedule(store: Store, activity: ActivityLog | undefined, record: LifecycleRecord) {
  const user = record.scheduledBy === undefined ? undefined : await store.getUserById(record.scheduledBy);
  const by = user && { id: user.id, username: user.username };
  let made: ActivityEntry | undefined;
  const log = (page: Page) =>
    (made = activity?.entry(
      "publish",
      { ...NOBODY, ...(by && { user: by }) },
      PAGE_ACTIVITY.publishedOnSchedule(page),
    ));
  const published = await store
    .updatePage(
      record.id,
      (current) => {
        if (!isDue(current, Date.now())) throw new ConflictError(NOT_DUE_MESSAGE);
        return { published: true };
      },
      { by, activity: log },
    )
    .catch((error: unknown) => {
      if (error instanceof NotFoundError || (error instanceof ConflictError && error.message === NOT_DUE_MESSAGE)) {
        return undefined;
      }
      throw error;
    });
  if (!published) return undefined;
  if (made) await activity?.written([made]);
  return published;
}

/** Pages' schedules, as the scheduler carries them out (lifecycle/scheduler.ts). */
export function pageSchedules(store: Store, activity?: ActivityLog): ScheduledCollection {
  return {
    subject: PAGE_SUBJECT,
    due: async (now) => (await store.listPages()).filter((page) => isDue(page, now)),
    publish: (page) => publishPageOnSchedule(store, activity, page),
  };
}
