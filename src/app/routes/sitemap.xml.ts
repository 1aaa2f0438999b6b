import type { Route } from "./+types/sitemap.xml";
import { sitemap } from "~/app/lib/feeds.server";
import { CACHEABLE_PAGE, SHOWS_PAGES, SHOWS_POSTS, showsHeader } from "~/shared/page-cache";
import { shownIndustries } from "~/shared/site-content";

// Kept by the page cache until a write touches what it says it shows (src/shared/page-cache.ts).
export const handle = CACHEABLE_PAGE;

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await context.blog.listPublished();
  // A publish that changes the shown industries drops every kept page, this one too (site-topics.ts).
  const industries = shownIndustries(await context.site.published()).map((i) => i.id);
  const pages = await context.pages.listPublished();
  return new Response(sitemap(posts, industries, context.config.publicUrl, pages), {
    headers: { "Content-Type": "application/xml; charset=utf-8", ...showsHeader([SHOWS_POSTS, SHOWS_PAGES]) },
  });
}
