import type { ActivityLog } from "~/server/activity/activity-log";
import type { Post } from "~/server/store/types";
import type { LifecycleRecord } from "~/server/lifecycle/lifecycle";
import { isDue } from "~/server/lifecycle/publishing";
import { publishOnSchedule as publishRecordOnSchedule } from "~/server/lifecycle/publish-on-schedule";
import type { ScheduledCollection } from "~/server/lifecycle/scheduler";
import { POST_SUBJECT } from "~/shared/revisions";
import { POST_ACTIVITY } from "./post-lifecycle";
import type { Store } from "~/server/records/store";

/** Publishes one scheduled post, exactly once however many instances try (lifecycle/publish-on-schedule.ts). */
export const publishOnSchedule = (store: Store, activity: ActivityLog | undefined, post: LifecycleRecord) =>
  publishRecordOnSchedule<Post>(store, activity, post, {
    update: (id, change, options) => store.updatePost(id, change, options),
    publishedOnSchedule: POST_ACTIVITY.publishedOnSchedule,
    notDue: "The post is no longer waiting for its schedule.",
  });

/** Posts' schedules, as the scheduler carries them out (lifecycle/scheduler.ts). */
export function postSchedules(store: Store, activity?: ActivityLog): ScheduledCollection {
  return {
    subject: POST_SUBJECT,
    due: async (now) => (await store.listPosts()).filter((post) => isDue(post, now)),
    publish: (post) => publishOnSchedule(store, activity, post),
  };
}
