import type { Route } from "./+types/admin.subscribers";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { SubscribersPanel } from "~/app/components/admin/subscribers-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** The newsletter's readers (docs/cms-guide.md "Subscribers"): admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context, "subscribers.manage");
  return null;
}

export default function SubscribersScreen() {
  return <SubscribersPanel />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
