import type { Route } from "./+types/admin.debug-tools";
import { AdminGate } from "~/app/components/admin/admin-gate";
import { DebugTools } from "~/app/components/debug/debug-tools";
import { DEBUG_MESSAGES } from "~/app/components/debug/debug-messages";
import { privatePageMeta } from "~/app/lib/meta";
import { privatePageHeaders, sessionUserLoader } from "~/app/lib/session-user.server";

export const meta: Route.MetaFunction = () => privatePageMeta(DEBUG_MESSAGES.title, DEBUG_MESSAGES.intro);

export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = (args: Route.LoaderArgs) => sessionUserLoader(args);

export default function DebugToolsPage({ loaderData }: Route.ComponentProps) {
  return <AdminGate user={loaderData.user}>{() => <DebugTools />}</AdminGate>;
}
