import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** SPEC section 2's route table, one line per route. */
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("industries", "routes/industries.tsx"),
    route("industries/:industry", "routes/industries.$industry.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog.$slug.tsx"),
    route("admin", "routes/admin.tsx"),
    route("admin/debug-tools", "routes/admin.debug-tools.tsx"),
    route("system/health", "routes/system.health.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("rss.xml", "routes/rss.xml.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
] satisfies RouteConfig;
