import { ApiError } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { ADMIN_MESSAGES } from "./admin-messages";
import { PUBLISH_MESSAGES } from "./publish-controls";
import { SCHEDULE_MESSAGES } from "~/shared/post-schedule";

/** What a save says: created or updated, or that the post went public or left the blog. */
export function savedToast(existed: boolean, wasPublished: boolean | undefined, published: boolean | undefined) {
  if (published === true && (!existed || !wasPublished))
    return existed ? PUBLISH_MESSAGES.published : ADMIN_MESSAGES.created;
  if (published === false && wasPublished) return PUBLISH_MESSAGES.unpublished;
  return existed ? ADMIN_MESSAGES.updated : ADMIN_MESSAGES.createdDraft;
}

/** What Schedule and Unschedule say. */
export const scheduleToast = (publishAt: string | null) =>
  publishAt === null ? SCHEDULE_MESSAGES.unscheduledToast : SCHEDULE_MESSAGES.scheduledToast;

/** docs/product.md section 8's failure toasts: the status and the server's own words when there are any. */
export function showSaveError(err: unknown, editing: boolean) {
  const status = err instanceof ApiError ? err.status : undefined;
  const message = err instanceof Error ? err.message : "";
  if (editing) {
    toast({ title: ADMIN_MESSAGES.updateFailed(status), description: message, variant: "destructive" });
    return;
  }
  toast({
    title: ADMIN_MESSAGES.createFailed.title,
    description: status
      ? ADMIN_MESSAGES.createFailed.withStatus(status, message)
      : ADMIN_MESSAGES.createFailed.fallback,
    variant: "destructive",
  });
}
