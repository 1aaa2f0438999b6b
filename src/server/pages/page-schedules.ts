import { PAGE_SUBJECT } from "~/shared/pages";
import type { ActivityLog } from "~/server/activity/activity-log";
import type { Page } from "~/server/store/types";
import { isDue } from "~/server/lifecycle/publishing";
import { publishOnSchedule } from "~/server/lifecycle/publish-on-schedule";
import type { ScheduledCollection } from "~/server/lifecycle/scheduler";
import type { Store } from "~/server/records/store";
import { PAGE_ACTIVITY } from "./page-lifecycle";

/** Pages' schedules, as the scheduler carries them out (lifecycle/scheduler.ts), once as posts' are. */
export function pageSchedules(store: Store, activity?: ActivityLog): ScheduledCollection {
  return {
    subject: PAGE_SUBJECT,
    due: async (now) => (await store.listPages()).filter((page) => isDue(page, now)),
    publish: (page) =>
      publishOnSchedule<Page>(store, activity, page, {
        update: (id, change, options) => store.updatePage(id, change, options),
        publishedOnSchedule: PAGE_ACTIVITY.publishedOnSchedule,
        notDue: "The page is no longer waiting for its schedule.",
      }),
  };
}
