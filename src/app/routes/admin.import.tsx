import type { Route } from "./+types/admin.import";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { ImportPanel } from "~/app/components/admin/import-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** The Import screen (docs/cms-guide.md "Import from WordPress or Ghost"): admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context, "import.run");
  return null;
}

export default function ImportScreen() {
  return <ImportPanel />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
