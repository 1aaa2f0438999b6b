/**
 * Where a post stands on its way to readers: the one place the four states are worked out from
 * the fields that carry them (published, a schedule, a submission for review).
 */
export const POST_STATUSES = ["draft", "review", "scheduled", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export type PostStatusFields = {
  published: boolean;
  /** UTC, ISO 8601: when a post not yet published goes public by itself. */
  publishAt?: string | null;
  /** When a contributor last submitted it for review (cleared when it is sent back or published). */
  submittedAt?: string | null;
};

export function postStatus(post: PostStatusFields): PostStatus {
  if (post.published) return "published";
  if (post.publishAt) return "scheduled";
  if (post.submittedAt) return "review";
  return "draft";
}
