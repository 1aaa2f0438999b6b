import type { CmsListItem } from "~/shared/blog";
import type { PostStatus } from "~/shared/post-status";
import { SCHEDULE_MESSAGES } from "~/shared/post-schedule";
import { formatLocalTime } from "~/app/lib/local-time";
import { Badge } from "~/app/components/ui/badge";
import { PUBLISH_MESSAGES } from "./publish-controls";
import { REVIEW_MESSAGES } from "~/shared/review";

/** Each status of post-status.ts as the Posts tab and the editor name it. */
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  draft: PUBLISH_MESSAGES.statusDraft,
  review: REVIEW_MESSAGES.inReviewBadge,
  scheduled: SCHEDULE_MESSAGES.scheduled,
  published: PUBLISH_MESSAGES.statusPublished,
};

const TONES: Partial<Record<PostStatus, "success" | "default" | "warning">> = {
  published: "success",
  scheduled: "default",
  review: "warning",
};

/** `returned`: a draft an editor sent back with a note (docs/decisions/126-review-before-publish.md). */
export function PostStatusBadge({ status, returned = false }: { status: PostStatus; returned?: boolean }) {
  if (status === "draft" && returned) return <Badge tone="warning">{REVIEW_MESSAGES.returned}</Badge>;
  return <Badge tone={TONES[status] ?? "muted"}>{POST_STATUS_LABELS[status]}</Badge>;
}

/**
 * What a schedule came to, under a post's title: when it goes out, that it went out late, or why
 * the last attempt failed (retried every tick). Nothing for a post without a schedule.
 */
export function ScheduleNote({ post, failure }: { post: CmsListItem; failure?: string }) {
  const M = SCHEDULE_MESSAGES;
  if (failure) return <span className="block text-xs font-medium text-red-800">{M.failed(failure)}</span>;
  if (post.status === "scheduled" && post.publishAt) {
    return <span className="block text-xs text-brand-900">{M.scheduledFor(formatLocalTime(post.publishAt))}</span>;
  }
  if (post.status === "published" && post.publishedLate) {
    return (
      <span className="block text-xs text-amber-900">
        {M.publishedLate(formatLocalTime(post.publishedLate.planned))}
      </span>
    );
  }
  return null;
}
