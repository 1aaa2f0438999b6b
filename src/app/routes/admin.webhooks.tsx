import type { Route } from "./+types/admin.webhooks";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { WebhooksPanel } from "~/app/components/admin/webhooks-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** Webhook endpoints and their deliveries (docs/decisions/225-signed-webhooks-through-the-outbox.md): admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context, "webhooks.manage");
  return null;
}

export default function WebhooksScreen() {
  return <WebhooksPanel />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
