import type { Route } from "./+types/robots.txt";
import { robotsTxt } from "~/app/lib/feeds.server";
import { CACHEABLE_PAGE, SHOWS_NOTHING, showsHeader } from "~/shared/page-cache";

// Kept by the page cache; shows no content and says so, so no write drops it (src/shared/page-cache.ts).
export const handle = CACHEABLE_PAGE;

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.config.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", ...showsHeader([SHOWS_NOTHING]) },
  });
}
