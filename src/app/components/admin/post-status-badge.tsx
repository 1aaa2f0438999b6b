import { Badge } from "~/app/components/ui/badge";
import type { CmsListItem } from "~/shared/blog";
import { REVIEW_MESSAGES } from "~/shared/review";
import { PUBLISH_MESSAGES } from "./publish-controls";

/** Where a post stands, as the list and the editor show it; a draft sent back says "Returned". */
export function PostStatusBadge({ post }: { post: Pick<CmsListItem, "status" | "reviewNote"> }) {
  if (post.status === "published") return <Badge tone="success">{PUBLISH_MESSAGES.statusPublished}</Badge>;
  if (post.status === "scheduled") return <Badge>{REVIEW_MESSAGES.scheduledBadge}</Badge>;
  if (post.status === "review") return <Badge tone="warning">{REVIEW_MESSAGES.inReviewBadge}</Badge>;
  if (post.reviewNote) return <Badge tone="warning">{REVIEW_MESSAGES.returned}</Badge>;
  return <Badge tone="muted">{PUBLISH_MESSAGES.statusDraft}</Badge>;
}
