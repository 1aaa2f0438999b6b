/**
 * Scheduled publishing as the Posts tab, the editor and the health report show it
 * (docs/decisions/120-scheduled-publishing-exactly-once.md), with its messages.
 */

/**
 * A schedule the last attempt could not carry out; it is tried again at every tick. No title: the
 * health report is public and the post is still a draft.
 */
export type ScheduleFailure = { postId: number; publishAt: string; reason: string; since: string };

/** A schedule carried out after its time: when it was due and when it went out. */
export type LatePublish = { postId: number; planned: string; published: string };

/** The health report's part on scheduled publishing. */
export type ScheduleHealth = { failures: ScheduleFailure[]; late: LatePublish[] };

/** Late publishes stay on the health report this long after they went out. */
export const LATE_SHOWN_DAYS = 7;

export const SCHEDULE_MESSAGES = {
  scheduled: "Scheduled",
  scheduledFor: (time: string) => `Scheduled for ${time}`,
  publishedLate: (planned: string) => `Published late (was due ${planned})`,
  failed: (reason: string) => `Failed: ${reason}`,
  label: (zone: string) => `Publish at (${zone})`,
  hint: "Pick a date and time to publish this draft by itself. It goes out within 30 seconds of that time.",
  schedule: "Schedule",
  reschedule: "Reschedule",
  unschedule: "Unschedule",
  scheduleTitle: "Schedule this post?",
  scheduleText: (title: string, time: string) =>
    `"${title}" will be published on the blog, in the RSS feed and in the sitemap at ${time}.`,
  scheduledToast: { title: "Post scheduled", description: "It goes public by itself at its time." },
  unscheduledToast: { title: "Schedule cleared", description: "The post stays a draft." },
  pickTime: "Pick a date and time in the future",
  healthHeading: "Scheduled publishing",
  healthFailures: "Schedules that failed (retried every few seconds)",
  healthLate: `Published late in the last ${LATE_SHOWN_DAYS} days`,
  healthNone: "Every schedule went out on time.",
} as const;
