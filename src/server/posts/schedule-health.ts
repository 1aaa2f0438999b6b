import { LATE_SHOWN_DAYS, type ScheduleHealth } from "~/shared/post-schedule";
import type { Post } from "~/server/store/types";
import type { Scheduler } from "~/server/lifecycle/scheduler";
import { POST_SUBJECT } from "~/shared/revisions";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the health report says of scheduled publishing: the schedules failing now, and those
 * carried out late recently, so a missed time leaves a trace an operator sees
 * (docs/decisions/120-scheduled-publishing-exactly-once.md).
 */
export function scheduleHealth(posts: readonly Post[], scheduler: Scheduler, now = Date.now()): ScheduleHealth {
  const late = posts
    .filter((post) => post.published && post.publishedLate)
    .map((post) => ({ postId: post.id, ...post.publishedLate! }))
    .filter((entry) => now - Date.parse(entry.published) < LATE_SHOWN_DAYS * DAY_MS)
    .sort((a, b) => b.published.localeCompare(a.published));
  const failures = scheduler
    .failures(POST_SUBJECT)
    .map(({ subject: _post, id, ...failure }) => ({ postId: id, ...failure }));
  return { failures, late };
}
