import type { Route } from "./+types/admin.redirects";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { RedirectsPanel } from "~/app/components/admin/redirects-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** The Redirects screen (docs/cms-guide.md "Redirects"): admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context, "redirects.manage");
  return null;
}

export default function RedirectsScreen() {
  return <RedirectsPanel />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
