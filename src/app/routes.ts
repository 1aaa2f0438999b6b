import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** docs/product.md section 2's route table, one line per route. */
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("industries", "routes/industries.tsx"),
    route("industries/:industry", "routes/industries.$industry.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog.$slug.tsx"),
    route("blog/author/:username", "routes/blog.author.$username.tsx"),
    route("search", "routes/search.tsx"),
    // The newsletter's form post and its emails' links (docs/decisions/245-newsletter-double-opt-in.md).
    route("newsletter", "routes/newsletter.tsx"),
    route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
    // A shared preview link, by the post's id inside its token (docs/decisions/181-shared-preview-links.md).
    route("preview/:token", "routes/preview.$token.tsx"),
    // docs/decisions/170-the-admin-has-addresses.md: one address per admin screen. /admin itself shows Posts.
    route("admin", "routes/admin.tsx", [
      index("routes/admin.posts.tsx", { id: "admin-index" }),
      route("posts", "routes/admin.posts.tsx"),
      route("posts/new", "routes/admin.posts.new.tsx"),
      route("posts/:id", "routes/admin.posts.$id.tsx"),
      route("pages", "routes/admin.pages.tsx"),
      route("pages/:id", "routes/admin.pages.$id.tsx"),
      route("review", "routes/admin.review.tsx"),
      route("inbox", "routes/admin.inbox.tsx"),
      route("inbox/:id", "routes/admin.inbox.$id.tsx"),
      route("tags", "routes/admin.tags.tsx"),
      route("analytics", "routes/admin.analytics.tsx"),
      route("media", "routes/admin.media.tsx"),
      route("trash", "routes/admin.trash.tsx"),
      route("users", "routes/admin.users.tsx"),
      route("activity", "routes/admin.activity.tsx"),
      route("webhooks", "routes/admin.webhooks.tsx"),
      route("import", "routes/admin.import.tsx"),
      route("redirects", "routes/admin.redirects.tsx"),
      route("subscribers", "routes/admin.subscribers.tsx"),
      route("site", "routes/admin.site.tsx"),
      route("account", "routes/admin.account.tsx"),
    ]),
    route("admin/debug-tools", "routes/admin.debug-tools.tsx"),
    route("admin/setup", "routes/admin.setup.tsx"),
    // One-time links' pages (docs/decisions/230-invitations-and-reset-links.md).
    route("admin/invitation", "routes/admin.invitation.tsx"),
    route("admin/forgot-password", "routes/admin.forgot-password.tsx"),
    route("admin/reset-password", "routes/admin.reset-password.tsx"),
    route("system/health", "routes/system.health.tsx"),
    // Pages the team builds of blocks, at one or two segments (docs/cms-guide.md "Pages"); a path
    // no published page holds falls through to the not-found route's answer.
    route(":first/:second?", "routes/page.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // docs/product.md section 2, Layout: the six utility pages show no site header or footer. One module serves
  // them; the id names the page in UTILITY_PAGES (components/tools/utility-pages.tsx).
  route("create-post-direct", "routes/utility-page.tsx", { id: "create-post-direct" }),
  route("emergency-post", "routes/utility-page.tsx", { id: "emergency-post" }),
  route("delete-posts", "routes/utility-page.tsx", { id: "delete-posts" }),
  route("delete-all-posts", "routes/utility-page.tsx", { id: "delete-all-posts" }),
  route("direct-delete", "routes/utility-page.tsx", { id: "direct-delete" }),
  route("test-update", "routes/utility-page.tsx", { id: "test-update" }),
  // Data for the admin panels' fetchers (no page of their own), and the first-run page.
  route("admin/data/inbox", "routes/admin.data.inbox.ts"),
  route("admin/data/tags", "routes/admin.data.tags.ts"),
  route("admin/data/posts", "routes/admin.data.posts.ts"),
  route("rss.xml", "routes/rss.xml.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
] satisfies RouteConfig;
