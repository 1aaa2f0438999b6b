import type { Route } from "./+types/sitemap.xml";
import { sitemap } from "~/app/lib/feeds.server";
import { CACHEABLE_PAGE, SHOWS_POSTS, showsHeader } from "~/shared/page-cache";

// Kept by the page cache until a write touches what it says it shows (src/shared/page-cache.ts).
export const handle = CACHEABLE_PAGE;

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await context.blog.listPublished();
  return new Response(sitemap(posts, context.config.publicUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", ...showsHeader([SHOWS_POSTS]) },
  });
}
