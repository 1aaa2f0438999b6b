import type { ActivityEntry } from "~/shared/activity";
import { ConflictError, NotFoundError } from "~/server/http/errors";
import { NOBODY, type ActivityLog } from "~/server/activity/activity-log";
import type { Actor } from "~/server/store/types";
import type { Store } from "~/server/records/store";
import type { LifecycleRecord } from "./lifecycle";
import { isDue } from "./publishing";

/** How a collection publishes one of its records: its store write and its activity words. */
export type SchedulePublisher<T extends LifecycleRecord> = {
  update: (
    id: number,
    change: (current: T) => { published: true },
    options: { by?: Actor; activity: (saved: T) => ActivityEntry | undefined },
  ) => Promise<T>;
  publishedOnSchedule: (saved: T) => string;
  /** Why a claim came to nothing: another instance (or an edit) got there first. */
  notDue: string;
};

/**
 * Publishes one scheduled record, exactly once however many instances try
 * (docs/decisions/120-scheduled-publishing-exactly-once.md): whether it is still due is decided
 * inside the store's write, which holds the write lock on the store's newest state, so a second
 * instance finds it published and writes nothing. The save goes the way a manual publish does
 * (one revision, the store's change notice that refreshes the page cache, feeds and sitemap),
 * credited to whoever scheduled it, and the activity log says it was on schedule.
 * Answers the published record, or undefined when there was nothing left to do.
 */
export async function publishOnSchedule<T extends LifecycleRecord>(
  store: Store,
  activity: ActivityLog | undefined,
  record: LifecycleRecord,
  publisher: SchedulePublisher<T>,
): Promise<T | undefined> {
  const by = await schedulerOf(store, record);
  // The entry is written with the publish (docs/decisions/163-activity-written-with-its-change.md):
  // a kill between the two cannot leave a record published on schedule with no entry saying so.
  let made: ActivityEntry | undefined;
  const log = (saved: T) =>
    (made = activity?.entry("publish", { ...NOBODY, ...(by && { user: by }) }, publisher.publishedOnSchedule(saved)));
  const published = await publisher
    .update(
      record.id,
      (current) => {
        if (!isDue(current, Date.now())) throw new ConflictError(publisher.notDue);
        return { published: true };
      },
      { by, activity: log },
    )
    .catch((error: unknown) => {
      if (error instanceof NotFoundError || (error instanceof ConflictError && error.message === publisher.notDue)) {
        return undefined;
      }
      throw error;
    });
  if (!published) return undefined;
  if (made) await activity?.written([made]);
  return published;
}

/** Who set the schedule, as the revision names them; nobody when that account is gone. */
async function schedulerOf(store: Store, record: LifecycleRecord): Promise<Actor | undefined> {
  const user = record.scheduledBy === undefined ? undefined : await store.getUserById(record.scheduledBy);
  return user && { id: user.id, username: user.username };
}
