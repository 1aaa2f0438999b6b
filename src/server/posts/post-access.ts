import { ForbiddenError } from "~/server/http/errors";
import type { Who } from "~/server/activity/activity-log";
import type { Post } from "~/server/store/types";
import { NEWSLETTER_MESSAGES } from "~/shared/newsletter";
import { can, PERMISSION_MESSAGES, postContext, type Action } from "~/shared/permissions";

/**
 * The permission table's rule for a post, checked by the post services where the post is known
 * (src/shared/permissions.ts). A call without a role (the command line, the tools' own calls) is
 * the operator's and is not checked.
 */
export function assertMay(who: Who, action: Action, post?: Post, message: string = PERMISSION_MESSAGES.forbidden) {
  if (!who.role) return;
  const context = post && who.user ? postContext(who.user.id, post) : {};
  if (!can(who.role, action, context, who.scopes)) throw new ForbiddenError(message);
}

/**
 * A contributor may keep a post a draft but never make it public or take it down: a save that
 * publishes, unpublishes or schedules needs the right to publish, whatever route it takes.
 */
export function assertMayPublish(who: Who, sent: Record<string, unknown>, current?: Post): void {
  const published = sent.published !== undefined && sent.published !== (current?.published ?? false);
  const scheduled = sent.publishAt !== undefined && sent.publishAt !== null;
  if (published || scheduled) assertMay(who, "posts.publish", current, PERMISSION_MESSAGES.cannotPublish);
  // Emailing every reader is an editor's or an admin's call (docs/decisions/247-newsletter-sends-through-the-outbox.md).
  if (sent.emailOnPublish === true && current?.emailOnPublish !== true) {
    assertMay(who, "newsletter.send", current, NEWSLETTER_MESSAGES.sendNotAllowed);
  }
}
