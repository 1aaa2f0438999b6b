import { POST_MESSAGES } from "~/shared/schemas";
import { ValidationError } from "~/server/http/errors";
import type { SaveOrigin } from "./post-revisions";
import type { Post, PostInput } from "~/server/store/types";

/**
 * A schedule carried out more than this after its time is marked late: the scheduler ticks well
 * inside it (docs/decisions/120-scheduled-publishing-exactly-once.md), so only a missed time (the
 * server was down, a write failed) crosses it.
 */
export const LATE_AFTER_MS = 30_000;

/** True when the post waits for its schedule and the time has come. */
export function isDue(post: Post, now: number): boolean {
  return !post.published && post.publishAt !== undefined && Date.parse(post.publishAt) <= now;
}

/**
 * Puts a save's schedule on a fresh copy of the post, inside the store's write: a time sent
 * schedules it for whoever sent it, `null` clears it, and publishing (on schedule or by hand)
 * ends it. A schedule carried out late says so; unpublishing or scheduling again forgets that.
 */
export function applySchedule(
  post: Post,
  old: Post | undefined,
  input: Partial<PostInput>,
  save: SaveOrigin,
  now: string,
) {
  if (typeof input.publishAt === "string") {
    post.publishAt = input.publishAt;
    if (save.by) post.scheduledBy = save.by.id;
    else delete post.scheduledBy;
  } else if (input.publishAt === null) {
    delete post.publishAt;
    delete post.scheduledBy;
  }
  if (!post.published || post.publishAt) delete post.publishedLate;
  if (!post.published) return;
  const planned = old?.published === false ? old.publishAt : undefined;
  if (planned !== undefined && Date.parse(now) - Date.parse(planned) > LATE_AFTER_MS) {
    post.publishedLate = { planned, published: now };
  }
  delete post.publishAt;
  delete post.scheduledBy;
}

/** A post readers already see cannot wait for a time to go public: the writer unpublishes it first. */
export function assertSchedulable(changes: Partial<PostInput>, current?: Post): void {
  if (typeof changes.publishAt !== "string" || !(changes.published ?? current?.published)) return;
  throw new ValidationError(POST_MESSAGES.formErrors, { publishAt: [POST_MESSAGES.publishAtPublished] });
}
