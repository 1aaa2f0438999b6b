import { data, type AppLoadContext } from "react-router";
import { can, type Action } from "~/shared/permissions";
import type { SessionUser } from "~/shared/users";
import type { AdminNavData } from "~/app/components/admin/admin-nav-items";

/**
 * Who opens an admin screen (docs/decisions/170-the-admin-has-addresses.md). Signed out: undefined,
 * and the admin layout shows the sign-in form instead of the screen, answering 200 as /admin does.
 * Signed in but refused by `allowed`: a 403 the screen's boundary renders as the refusal page.
 */
export async function screenUser(
  request: Request,
  context: AppLoadContext,
  allowed: Action | ((user: SessionUser) => boolean | Promise<boolean>) = () => true,
): Promise<SessionUser | undefined> {
  const user = await context.sessions.userFromRequest(request);
  // Until a required second factor is set up, the layout shows only its set-up: no screen's data.
  if (!user || user.twoFactorSetupRequired) return undefined;
  const ok = typeof allowed === "string" ? can(user.role, allowed) : await allowed(user);
  if (!ok) throw refusal(403);
  return user;
}

/** A screen's refusal (403), unknown record (404) or failed read, thrown by its loader and rendered by its boundary. */
export const refusal = (status: number) => data(null, { status });

/**
 * The navigation's counts, read with the layout on every move between screens: the Review queue's
 * length and the Inbox's unread messages, for whoever may see them. A failed read leaves the count out.
 */
export async function adminNavData(context: AppLoadContext, user: SessionUser): Promise<AdminNavData> {
  const [inboxAllowed, review] = await Promise.all([
    context.inbox.canRead(user),
    can(user.role, "posts.review") ? context.outcomeOf(() => context.review.queue()) : undefined,
  ]);
  const inbox = inboxAllowed ? await context.outcomeOf(() => context.inbox.list({})) : undefined;
  return {
    inbox: inboxAllowed ? { unread: inbox?.ok ? inbox.value.counts.unread : 0 } : undefined,
    review: review ? { waiting: review.ok ? review.value.length : 0 } : undefined,
  };
}
