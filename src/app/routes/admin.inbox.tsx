import type { Route } from "./+types/admin.inbox";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { InboxPanel } from "~/app/components/admin/inbox-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** Contact messages: admins always, writers and editors while the inbox setting lets them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context, (user) => context.inbox.canRead(user));
  return null;
}

export default function InboxScreen() {
  return <InboxPanel />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
