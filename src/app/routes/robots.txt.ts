import type { Route } from "./+types/robots.txt";
import { robotsTxt } from "~/app/lib/feeds.server";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.config.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
