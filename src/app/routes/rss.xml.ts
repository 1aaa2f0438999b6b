import type { Route } from "./+types/rss.xml";
import { rssFeed } from "~/app/lib/feeds.server";

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await context.blog.listPublished();
  return new Response(rssFeed(posts, context.config.publicUrl), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
}
