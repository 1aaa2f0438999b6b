import { ForbiddenError } from "~/server/http/errors";
import type { Who } from "~/server/activity/activity-log";
import type { Page } from "~/server/store/types";
import { can, PERMISSION_MESSAGES, postContext, type Action } from "~/shared/permissions";

export const PAGE_PERMISSION_MESSAGES = {
  cannotPublish: "Your role cannot publish, schedule or unpublish a page; submit it for review instead.",
  notYourDraft: "You can edit only your own pages until they are published.",
} as const;

/**
 * The permission table's rule for a page (src/shared/permissions.ts), as posts have it: whose it
 * is and whether it is published. A call without a role (the command line) is the operator's.
 */
export function assertMayPage(who: Who, action: Action, page?: Page, message: string = PERMISSION_MESSAGES.forbidden) {
  if (!who.role) return;
  const context = page && who.user ? postContext(who.user.id, page) : {};
  if (!can(who.role, action, context, who.scopes)) throw new ForbiddenError(message);
}

/** A save that publishes, unpublishes or schedules needs the right to publish, whatever route it takes. */
export function assertMayPublishPage(who: Who, sent: Record<string, unknown>, current?: Page): void {
  const published = sent.published !== undefined && sent.published !== (current?.published ?? false);
  const scheduled = sent.publishAt !== undefined && sent.publishAt !== null;
  if (published || scheduled) assertMayPage(who, "pages.publish", current, PAGE_PERMISSION_MESSAGES.cannotPublish);
}
