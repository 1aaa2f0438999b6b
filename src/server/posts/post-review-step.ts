import type { Post, ReviewStep } from "~/server/store/types";

/**
 * A post's place in the review queue, set on a fresh copy of it inside the write
 * (docs/decisions/126-review-before-publish.md): submitting puts it in the queue and clears the
 * last note; sending it back takes it out with the editor's note; publishing it, by any route,
 * takes it out and clears the note.
 */
export function applyReviewStep(post: Post, old: Post, step: ReviewStep | undefined): void {
  if (step && "submitted" in step) {
    post.submittedAt = step.submitted.at;
    if (step.submitted.by === undefined) delete post.submittedBy;
    else post.submittedBy = step.submitted.by;
    delete post.reviewNote;
  } else if (step && "returned" in step) {
    delete post.submittedAt;
    delete post.submittedBy;
    post.reviewNote = step.returned;
  } else if (post.published && !old.published) {
    delete post.submittedAt;
    delete post.submittedBy;
    delete post.reviewNote;
  }
}
