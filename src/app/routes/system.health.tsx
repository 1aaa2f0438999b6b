import type { Route } from "./+types/system.health";
import { AdminGate } from "../components/admin/admin-gate";
import { HEALTH_MESSAGES } from "../components/health/health-messages";
import { HealthView } from "../components/health/health-view";
import { pageMeta } from "../lib/meta";
import { privatePageHeaders, sessionUserLoader } from "../lib/session-user.server";

export const meta: Route.MetaFunction = () => [...pageMeta(HEALTH_MESSAGES.title, HEALTH_MESSAGES.intro), { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = privatePageHeaders;

/** The page is for admins (DESIGN.md section 5); the JSON report it reads is public and holds no secrets. */
export const loader = (args: Route.LoaderArgs) => sessionUserLoader(args);

export default function SystemHealthPage({ loaderData }: Route.ComponentProps) {
  return <AdminGate user={loaderData.user}>{() => <HealthView />}</AdminGate>;
}
