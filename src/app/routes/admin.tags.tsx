import type { Route } from "./+types/admin.tags";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { TagsPanel } from "~/app/components/admin/tags-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** Every tag with its post count: anyone signed in sees it, whoever may manage tags changes them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context);
  return null;
}

export default function TagsScreen() {
  return <TagsPanel />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
