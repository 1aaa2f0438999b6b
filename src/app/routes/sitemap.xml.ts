import type { Route } from "./+types/sitemap.xml";
import { sitemap } from "~/app/lib/feeds.server";

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await context.blog.listPublished();
  return new Response(sitemap(posts, context.config.publicUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
