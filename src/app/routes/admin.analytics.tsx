import type { Route } from "./+types/admin.analytics";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { AnalyticsPanel } from "~/app/components/admin/analytics/analytics-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** Page views and leads (docs/decisions/106-analytics-without-cookies.md), for whoever may see them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context, "analytics.see");
  return null;
}

export default function AnalyticsScreen() {
  return <AnalyticsPanel />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
