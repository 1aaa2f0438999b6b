import type { Route } from "./+types/admin.data.inbox";
import { assertAllowed, formText, panelAction, panelData, panelRead, panelUser } from "~/app/lib/admin-route.server";
import { can } from "~/shared/permissions";
import type { InboxPage, InboxSettings } from "~/shared/inbox";

export type InboxLoaderData =
  { allowed: false } | { allowed: true; isAdmin: boolean; inbox?: InboxPage; settings?: InboxSettings; error?: string };

/** The Inbox tab's data (a resource route its fetchers load): one page of messages and the counts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await panelUser(request, context);
  // A 200: the dashboard asks on every visit, and a writer kept out is an expected answer, not a failed load.
  if (!user || !(await context.inbox.canRead(user))) return panelData<InboxLoaderData>({ allowed: false });
  const isAdmin = can(user.role, "settings.manage");
  const settings = isAdmin ? await context.inbox.getSettings() : undefined;
  const read = await panelRead(context, () =>
    context.inbox.list(Object.fromEntries(new URL(request.url).searchParams)),
  );
  if ("error" in read)
    return panelData<InboxLoaderData>(
      { allowed: true, isAdmin, error: read.error, ...(settings && { settings }) },
      read.status,
    );
  return panelData<InboxLoaderData>({ allowed: true, isAdmin, inbox: read.result, ...(settings && { settings }) });
}

/** Mark read or unread, archive or restore, delete (admins), and the inbox settings (admins). */
export async function action({ request, context }: Route.ActionArgs) {
  return panelAction(request, context, async (user, form) => {
    const intent = formText(form, "intent");
    const id = form.get("id");
    if (intent === "settings") {
      assertAllowed(user, "settings.manage");
      await context.inbox.updateSettings({ writersSeeInbox: form.get("writersSeeInbox") === "true" });
      return intent;
    }
    await context.inbox.assertCanRead(user);
    if (intent === "delete") {
      assertAllowed(user, "inbox.delete");
      await context.inbox.remove(id);
    } else if (intent === "read" || intent === "archive") {
      const key = intent === "read" ? "read" : "archived";
      await context.inbox.update(id, { [key]: form.get("value") === "true" });
    } else {
      await context.inbox.update(id, {}); // answers the 400 for an unknown intent
    }
    return intent;
  });
}
