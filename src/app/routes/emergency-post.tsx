import type { Route } from "./+types/emergency-post";
import { UtilityPage } from "../components/admin/utility-page";
import { HtmlGeneratorForm } from "../components/tools/html-generator-form";
import { TOOL_PAGES } from "../components/tools/tool-messages";
import { toolMeta } from "../components/tools/tool-meta";
import { privatePageHeaders, sessionUserLoader } from "../lib/session-user.server";

/** SPEC section 2, /emergency-post: a bare utility page, for admins only (DESIGN.md section 5). */
const PAGE = TOOL_PAGES.emergencyPost;

export const meta: Route.MetaFunction = () => toolMeta(PAGE);
export const headers: Route.HeadersFunction = privatePageHeaders;
export const loader = (args: Route.LoaderArgs) => sessionUserLoader(args);

export default function EmergencyPost({ loaderData }: Route.ComponentProps) {
  return (
    <UtilityPage user={loaderData.user} title={PAGE.title} intro={PAGE.intro}>
      <HtmlGeneratorForm />
    </UtilityPage>
  );
}
