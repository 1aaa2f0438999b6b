import type { Route } from "./+types/delete-all-posts";
import { UtilityPage } from "../components/admin/utility-page";
import { PurgeAllPosts } from "../components/tools/purge-all-posts";
import { TOOL_PAGES } from "../components/tools/tool-messages";
import { toolMeta } from "../components/tools/tool-meta";
import { privatePageHeaders, sessionUserLoader } from "../lib/session-user.server";

/** SPEC section 2, /delete-all-posts: a bare utility page, for admins only (DESIGN.md section 5). */
const PAGE = TOOL_PAGES.deleteAllPosts;

export const meta: Route.MetaFunction = () => toolMeta(PAGE);
export const headers: Route.HeadersFunction = privatePageHeaders;
export const loader = (args: Route.LoaderArgs) => sessionUserLoader(args);

export default function DeleteAllPosts({ loaderData }: Route.ComponentProps) {
  return (
    <UtilityPage user={loaderData.user} title={PAGE.title} intro={PAGE.intro}>
      <PurgeAllPosts />
    </UtilityPage>
  );
}
