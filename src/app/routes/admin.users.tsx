import type { Route } from "./+types/admin.users";
import { useAdminOutlet } from "~/app/components/admin/admin-outlet";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { UsersPanel } from "~/app/components/admin/users/users-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** Everyone who can sign in, their roles and profiles: admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context, "users.manage");
  return null;
}

export default function UsersScreen() {
  const { user } = useAdminOutlet();
  return <UsersPanel me={user} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
