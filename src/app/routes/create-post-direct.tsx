import type { Route } from "./+types/create-post-direct";
import { UtilityPage } from "../components/admin/utility-page";
import { DirectPostForm } from "../components/tools/direct-post-form";
import { TOOL_PAGES } from "../components/tools/tool-messages";
import { toolMeta } from "../components/tools/tool-meta";
import { privatePageHeaders, sessionUserLoader } from "../lib/session-user.server";

/** SPEC section 2, /create-post-direct: a bare utility page, for admins only (DESIGN.md section 5). */
const PAGE = TOOL_PAGES.createPostDirect;

export const meta: Route.MetaFunction = () => toolMeta(PAGE);
export const headers: Route.HeadersFunction = privatePageHeaders;
export const loader = (args: Route.LoaderArgs) => sessionUserLoader(args);

export default function CreatePostDirect({ loaderData }: Route.ComponentProps) {
  return (
    <UtilityPage user={loaderData.user} title={PAGE.title} intro={PAGE.intro}>
      <DirectPostForm />
    </UtilityPage>
  );
}
