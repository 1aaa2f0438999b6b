import { POST_MESSAGES } from "~/shared/schemas";
import { ValidationError } from "~/server/http/errors";
import type { Post, PostInput } from "~/server/store/types";

/** A post readers already see cannot wait for a time to go public: the writer unpublishes it first. */
export function assertSchedulable(changes: Partial<PostInput>, current?: Post): void {
  if (typeof changes.publishAt !== "string" || !(changes.published ?? current?.published)) return;
  throw new ValidationError(POST_MESSAGES.formErrors, { publishAt: [POST_MESSAGES.publishAtPublished] });
}
