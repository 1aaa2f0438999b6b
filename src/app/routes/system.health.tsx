import type { Route } from "./+types/system.health";
import { AdminGate } from "~/app/components/admin/admin-gate";
import { HEALTH_MESSAGES } from "~/app/components/health/health-messages";
import { HealthView } from "~/app/components/health/health-view";
import { privatePageMeta } from "~/app/lib/meta";
import { privatePageHeaders, sessionUserLoader } from "~/app/lib/session-user.server";

export const meta: Route.MetaFunction = () => privatePageMeta(HEALTH_MESSAGES.title, HEALTH_MESSAGES.intro);

export const headers: Route.HeadersFunction = privatePageHeaders;

/**
 * The page is for admins (docs/architecture.md section 5); the JSON report it reads answers them
 * in whole, and anyone else only its public fields (src/server/operations/health-router.ts).
 */
export const loader = (args: Route.LoaderArgs) => sessionUserLoader(args);

export default function SystemHealthPage({ loaderData }: Route.ComponentProps) {
  return <AdminGate user={loaderData.user}>{() => <HealthView />}</AdminGate>;
}
