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
    route("admin/setup", "routes/admin.setup.tsx"),
    route("system/health", "routes/system.health.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // SPEC section 2 "Layout": the six utility pages show no site header or footer.
  route("create-post-direct", "routes/create-post-direct.tsx"),
  route("emergency-post", "routes/emergency-post.tsx"),
  route("delete-posts", "routes/delete-posts.tsx"),
  route("delete-all-posts", "routes/delete-all-posts.tsx"),
  route("direct-delete", "routes/direct-delete.tsx"),
  route("test-update", "routes/test-update.tsx"),
  // Data for the admin panels' fetchers (no page of their own), and the first-run page.
  route("admin/data/inbox", "routes/admin.data.inbox.ts"),
  route("admin/data/tags", "routes/admin.data.tags.ts"),
  route("admin/data/posts", "routes/admin.data.posts.ts"),
  route("rss.xml", "routes/rss.xml.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
] satisfies RouteConfig;
