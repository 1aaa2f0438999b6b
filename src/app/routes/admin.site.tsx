import type { Route } from "./+types/admin.site";
import { useAdminOutlet } from "~/app/components/admin/admin-outlet";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { SitePanel } from "~/app/components/admin/site/site-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** The site's own copy (docs/decisions/111-site-content-in-the-store.md), for whoever may edit it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context, "site.edit");
  return null;
}

export default function SiteScreen() {
  const { setDirty } = useAdminOutlet();
  return <SitePanel onDirtyChange={setDirty} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
