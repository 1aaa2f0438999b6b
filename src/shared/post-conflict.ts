import type { CmsPost } from "./blog";

/**
 * An update sent with the `updatedAt` the editor opened the post at is refused with 409 when the
 * post changed on the server since (docs/decisions/021-no-lost-work.md), instead of overwriting
 * another editor's work. The answer carries both update times so the form can say which is newer.
 */
export const STALE_UPDATE_MESSAGE =
  "This post was changed by someone else after you opened it. Your edits were not saved.";
export const UPDATED_AT_MESSAGE = "updatedAt must be the post's update time as the server sent it";

/**
 * The body of the 409: the post's update time on the server and the one the editor sent; from
 * the CMS, also the post as saved now (`theirs`), whose `updatedByName` says who saved it.
 */
export type StaleUpdateBody = { message: string; serverUpdatedAt: string; yourUpdatedAt: string; theirs?: CmsPost };

export function isStaleUpdateBody(body: unknown): body is StaleUpdateBody {
  const b = body as Partial<StaleUpdateBody> | null;
  return typeof b?.serverUpdatedAt === "string" && typeof b.yourUpdatedAt === "string";
}
