import type { Route } from "./+types/direct-delete";
import { UtilityPage } from "../components/admin/utility-page";
import { RemoveTestPosts } from "../components/tools/remove-test-posts";
import { TOOL_PAGES } from "../components/tools/tool-messages";
import { toolMeta } from "../components/tools/tool-meta";
import { privatePageHeaders, sessionUserLoader } from "../lib/session-user.server";

/** SPEC section 2, /direct-delete: a bare utility page, for admins only (DESIGN.md section 5). */
const PAGE = TOOL_PAGES.directDelete;

export const meta: Route.MetaFunction = () => toolMeta(PAGE);
export const headers: Route.HeadersFunction = privatePageHeaders;
export const loader = (args: Route.LoaderArgs) => sessionUserLoader(args);

export default function DirectDelete({ loaderData }: Route.ComponentProps) {
  return (
    <UtilityPage user={loaderData.user} title={PAGE.title} intro={PAGE.intro}>
      <RemoveTestPosts />
    </UtilityPage>
  );
}
