import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RouteObject } from "react-router";
import routes from "~/app/routes";
import { API_MOUNT } from "~/server/http/api-router";
import { mountedAt, pageRules, type PageRules } from "~/server/page-cache/page-rules";
import { PUBLIC_BLOG_CACHEABLE } from "~/server/posts/public-blog-router";

const modules = import.meta.glob<{ handle?: unknown }>("../../src/app/routes/*.{ts,tsx}");

/**
 * The site's own page-cache rules, read from source without a build: the route table of
 * src/app/routes.ts with each module's `handle`, and the public blog API as app.ts mounts it.
 */
export async function sourcePageRules(): Promise<PageRules> {
  const toObject = async (entry: RouteConfigEntry): Promise<RouteObject> => {
    const { handle } = await modules[`../../src/app/${entry.file}`]!();
    const children = await Promise.all((entry.children ?? []).map(toObject));
    return entry.index ? { index: true, handle } : { path: entry.path, handle, children };
  };
  return pageRules([...(await Promise.all(routes.map(toObject))), ...mountedAt(API_MOUNT, PUBLIC_BLOG_CACHEABLE)]);
}
