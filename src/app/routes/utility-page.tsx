import { useMatches } from "react-router";
import type { Route } from "./+types/utility-page";
import { UtilityPage } from "~/app/components/admin/utility-page";
import { utilityPageOf } from "~/app/components/tools/utility-pages";
import { privatePageMeta } from "~/app/lib/meta";
import { privatePageHeaders, sessionUserLoader } from "~/app/lib/session-user.server";

/**
 * Every bare utility page (docs/product.md section 2), for admins only (docs/product.md section 6).
 * routes.ts points the six routes here, each with its own id; UTILITY_PAGES says what each shows.
 * The route is the last match, as these pages have no child routes.
 */
export const meta: Route.MetaFunction = ({ matches }) => {
  const page = utilityPageOf(matches.at(-1)?.id);
  return privatePageMeta(page.title, page.intro);
};
export const headers: Route.HeadersFunction = privatePageHeaders;
export const loader = (args: Route.LoaderArgs) => sessionUserLoader(args);

export default function UtilityPageRoute({ loaderData }: Route.ComponentProps) {
  const { title, intro, Tool } = utilityPageOf(useMatches().at(-1)?.id);
  return (
    <UtilityPage user={loaderData.user} title={title} intro={intro}>
      <Tool />
    </UtilityPage>
  );
}
