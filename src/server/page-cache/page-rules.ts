import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PageCacheHandle, PageCacheRule } from "~/shared/page-cache";

/** A route outside React Router (an Express router's) that declares its answers cacheable. */
export type CacheableRoute = { path: string; pageCache: PageCacheRule };

/** Answers the rule of the route a path leads to, or undefined when its answers are not kept. */
export type PageRules = (path: string) => PageCacheRule | undefined;

/** Paths whose rule is remembered before the memory is cleared: a crawler's junk paths cannot grow it. */
const REMEMBERED = 10_000;

/**
 * The rules the routes declare (docs/decisions/069-pages-say-what-they-show.md), looked up the way
 * React Router matches a URL (`matchRoutes`, ranking static segments before parameters): a route
 * module's `handle.pageCache`, or an Express route's own declaration. Matching ranks the whole
 * table on each call (about 0.1 ms), more than a kept page takes to answer, so each path's rule
 * is remembered.
 */
export function pageRules(routes: RouteObject[]): PageRules {
  const known = new Map<string, PageCacheRule | null>();
  return (path) => {
    let rule = known.get(path);
    if (rule === undefined) {
      // A path React Router cannot decode is its 404 page; matching it would only log a warning.
      const match = decodable(path) ? matchRoutes(routes, path) : null;
      const handle = match?.at(-1)?.route.handle as Partial<PageCacheHandle> | undefined;
      rule = handle?.pageCache ?? null;
      if (known.size >= REMEMBERED) known.clear();
      known.set(path, rule);
    }
    return rule ?? undefined;
  };
}

function decodable(path: string): boolean {
  try {
    decodeURI(path);
    return true;
  } catch {
    return false;
  }
}

/** Routes an Express router declares cacheable, under the path `prefix` it is mounted at. */
export const mountedAt = (prefix: string, routes: readonly CacheableRoute[]): RouteObject[] =>
  routes.map(({ path, pageCache }) => ({ path: prefix + path, handle: { pageCache } }));

/**
 * A build's flat route manifest as the nested route objects `matchRoutes` takes, with each module's
 * handle; with `pagesOnly`, only the modules that render a page (a default export) keep theirs,
 * so a feed or a resource route has no rule.
 */
export function routeTree(build: ServerBuild, { pagesOnly = false } = {}): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  const objects = new Map<string, RouteObject>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const handle: unknown = pagesOnly && !route.module.default ? undefined : route.module.handle;
    const object = (
      route.index
        ? { id: route.id, index: true, path: route.path, handle }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, handle }
    ) as RouteObject;
    objects.set(route.id, object);
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(object);
    children.set(route.parentId, siblings);
  }
  for (const [id, object] of objects) {
    const own = children.get(id);
    if (own && !object.index) object.children = own;
  }
  return children.get(undefined) ?? [];
}
