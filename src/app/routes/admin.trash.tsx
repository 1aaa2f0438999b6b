import type { Route } from "./+types/admin.trash";
import { useAdminOutlet } from "~/app/components/admin/admin-outlet";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { TrashPanel } from "~/app/components/admin/trash-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** Deleted posts (docs/decisions/097-deleted-posts-go-to-a-trash.md), for whoever manages the trash. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context, "trash.manage");
  return null;
}

export default function TrashScreen() {
  const { reload } = useAdminOutlet();
  return <TrashPanel onRestored={reload} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
