import type { Route } from "./+types/admin.media";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { MediaPanel } from "~/app/components/admin/media-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** The media library: where each image is used, and deleting an unused one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context, "media.manage");
  return null;
}

export default function MediaScreen() {
  return <MediaPanel />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
