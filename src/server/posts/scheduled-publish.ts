import type { ActivityEntry } from "~/shared/activity";
import { ConflictError, NotFoundError } from "~/server/http/errors";
import { NOBODY, type ActivityLog } from "~/server/activity/activity-log";
import type { Actor, Post } from "~/server/store/types";
import type { LifecycleRecord } from "~/server/lifecycle/lifecycle";
import { isDue } from "~/server/lifecycle/publishing";
import type { ScheduledCollection } from "~/server/lifecycle/scheduler";
import { POST_SUBJECT } from "~/shared/revisions";
import { POST_ACTIVITY } from "./post-lifecycle";
import type { Store } from "~/server/records/store";

/** Why a claim on a schedule came to nothing: another instance (or an edit) got there first. */
const NOT_DUE_MESSAGE = "The post is no longer waiting for its schedule.";

/**
 * Publishes one scheduled post, exactly once however many instances try
 * (docs/decisions/120-scheduled-publishing-exactly-once.md): whether it is still due is decided
 * inside the store's write, which holds the write lock on the store's newest state, so a second
 * instance finds it published and writes nothing. The save goes the way a manual publish does
 * (one revision, the store's change notice that refreshes the page cache, feeds and sitemap),
 * credited to whoever scheduled it, and the activity log says it was on schedule.
 * Answers the published post, or undefined when there was nothing left to do.
 */
export async function publishOnSchedule(store: Store, activity: ActivityLog | undefined, post: LifecycleRecord) {
  const by = await schedulerOf(store, post);
  // The entry is written with the publish (docs/decisions/163-activity-written-with-its-change.md):
  // a kill between the two cannot leave a post published on schedule with no entry saying so.
  let made: ActivityEntry | undefined;
  const log = (published: Post) =>
    (made = activity?.entry(
      "publish",
      { ...NOBODY, ...(by && { user: by }) },
      POST_ACTIVITY.publishedOnSchedule(published),
    ));
  const published = await store
    .updatePost(
      post.id,
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

/** Who set the schedule, as the revision names them; nobody when that account is gone. */
async function schedulerOf(store: Store, post: LifecycleRecord): Promise<Actor | undefined> {
  const user = post.scheduledBy === undefined ? undefined : await store.getUserById(post.scheduledBy);
  return user && { id: user.id, username: user.username };
}

/** Posts' schedules, as the scheduler carries them out (lifecycle/scheduler.ts). */
export function postSchedules(store: Store, activity?: ActivityLog): ScheduledCollection {
  return {
    subject: POST_SUBJECT,
    due: async (now) => (await store.listPosts()).filter((post) => isDue(post, now)),
    publish: (post) => publishOnSchedule(store, activity, post),
  };
}
