import { HOME_PAGE_PATH, type PublicPage } from "~/shared/pages";
import type { PublicPost } from "~/shared/blog";
import { authorPath } from "~/shared/authors";
import { SITE } from "~/shared/site";

/** Discovery documents (docs/product.md section 2), built from published posts only and PUBLIC_URL. */

/**
 * Characters XML 1.0 does not allow at all, escaped or not (https://www.w3.org/TR/xml/#charsets):
 * controls other than tab, newline and carriage return, lone surrogates, U+FFFE and U+FFFF. One
 * of them in a title would make the whole feed unreadable to every reader, so they are dropped.
 */
const NOT_XML_CHARACTERS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const xmlText = (text: string) => text.replace(NOT_XML_CHARACTERS, "");

const ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" };

const escapeXml = (text: string) => xmlText(text).replace(/[<>&'"]/g, (c) => ENTITIES[c]!);

/** A slug as a URL path segment; encodeURIComponent throws on a lone surrogate, so those go first. */
const slugPath = (slug: string) => `/blog/${encodeURIComponent(xmlText(slug))}`;

/**
 * A post hidden from search engines stays on /blog for readers but is listed in neither the
 * feed nor the sitemap, which are how crawlers and aggregators find posts.
 */
const listed = (posts: PublicPost[]) => posts.filter((post) => !post.noindex);

export function rssFeed(all: PublicPost[], publicUrl: string): string {
  const posts = listed(all);
  const items = posts.map((post) => {
    const link = `${publicUrl}${slugPath(post.slug)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(post.summary)}</description>`,
      ...post.tags.map((t) => `      <category>${escapeXml(t.name)}</category>`),
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(`${SITE.name} Blog`)}</title>`,
    `    <link>${escapeXml(`${publicUrl}/blog`)}</link>`,
    `    <atom:link href="${escapeXml(`${publicUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(SITE.tagline)}</description>`,
    "    <language>en</language>",
    ...(posts[0] ? [`    <lastBuildDate>${new Date(posts[0].updatedAt).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** `industryIds`: the industries the site shows, in order (docs/product.md section 10). */
/**
 * `sitePages`: the published pages of blocks; one set to noindex is left out, and one whose
 * canonical address is elsewhere is that address's to list (docs/cms-guide.md "Pages").
 */
export function sitemap(
  posts: PublicPost[],
  industryIds: readonly string[],
  publicUrl: string,
  sitePages: readonly Pick<PublicPage, "path" | "updatedAt" | "noindex" | "canonicalUrl">[] = [],
): string {
  const pages: { path: string; lastmod?: string }[] = [
    { path: "/" },
    { path: "/industries" },
    ...industryIds.map((id) => ({ path: `/industries/${id}` })),
    { path: "/blog" },
    ...listed(posts).map((p) => ({ path: slugPath(p.slug), lastmod: p.updatedAt })),
    // Every author with a published post has a page (docs/decisions/130-bylines-and-author-pages.md).
    ...[...new Set(posts.flatMap((p) => p.authorProfiles.map((a) => a.username)))].map((name) => ({
      path: authorPath(name),
    })),
    ...sitePages
      // The home page of blocks is "/", listed first (docs/decisions/280-the-home-page-is-a-page-of-blocks.md).
      .filter((page) => page.path !== HOME_PAGE_PATH && !page.noindex && !page.canonicalUrl)
      .map((page) => ({ path: page.path, lastmod: page.updatedAt })),
  ];
  const urls = pages.map(({ path, lastmod }) =>
    [
      "  <url>",
      `    <loc>${escapeXml(publicUrl + path)}</loc>`,
      ...(lastmod ? [`    <lastmod>${escapeXml(lastmod)}</lastmod>`] : []),
      "  </url>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** The admin and the utility pages are for people who sign in, not for search engines. */
export function robotsTxt(publicUrl: string): string {
  return ["User-agent: *", "Disallow: /admin", "Disallow: /api/", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join(
    "\n",
  );
}
