import type { Route } from "./+types/admin.activity";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { ActivityPanel } from "~/app/components/admin/activity-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** Who did what (docs/decisions/102-activity-log.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context, "activity.see");
  return null;
}

export default function ActivityScreen() {
  return <ActivityPanel />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
