/**
 * WordPress (WXR 1.2) and Ghost 5 exports written by the tests, so no fixture file is kept: each
 * item is given as the fields the tests care about and the rest filled as WordPress and Ghost write them.
 */
export const WP_ORIGIN = "https://old-blog.example";

export type WpItem = {
  id: number;
  title: string;
  slug?: string;
  content?: string;
  excerpt?: string;
  status?: string;
  type?: string;
  date?: string;
  modified?: string;
  creator?: string;
  password?: string;
  /** A custom link (else /YYYY/MM/DD/slug/). */
  link?: string;
  categories?: [slug: string, name: string][];
  tags?: [slug: string, name: string][];
  thumbnailId?: number;
  attachmentUrl?: string;
  alt?: string;
};

const cdata = (text: string) => `<![CDATA[${text.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export function wpLink(item: Pick<WpItem, "date" | "slug" | "id" | "title">): string {
  const [y, m, d] = (item.date ?? "2024-05-03 10:00:00").slice(0, 10).split("-");
  return `${WP_ORIGIN}/${y}/${m}/${d}/${item.slug ?? `post-${item.id}`}/`;
}

export function wpItem(item: WpItem): string {
  const date = item.date ?? "2024-05-03 10:00:00";
  const type = item.type ?? "post";
  const link = item.link ?? (type === "post" ? wpLink(item) : `${WP_ORIGIN}/${item.slug ?? `page-${item.id}`}/`);
  return `
  <item>
    <title>${esc(item.title)}</title>
    <link>${esc(link)}</link>
    <pubDate>Fri, 03 May 2024 10:00:00 +0000</pubDate>
    <dc:creator>${cdata(item.creator ?? "jane")}</dc:creator>
    <guid isPermaLink="false">${WP_ORIGIN}/?p=${item.id}</guid>
    <description></description>
    <content:encoded>${cdata(item.content ?? "")}</content:encoded>
    <excerpt:encoded>${cdata(item.excerpt ?? "")}</excerpt:encoded>
    <wp:post_id>${item.id}</wp:post_id>
    <wp:post_date>${cdata(date)}</wp:post_date>
    <wp:post_date_gmt>${cdata(item.status === "draft" ? "0000-00-00 00:00:00" : date)}</wp:post_date_gmt>
    <wp:post_modified>${cdata(item.modified ?? date)}</wp:post_modified>
    <wp:post_modified_gmt>${cdata(item.modified ?? date)}</wp:post_modified_gmt>
    <wp:comment_status>${cdata("open")}</wp:comment_status>
    <wp:post_name>${cdata(item.slug ?? "")}</wp:post_name>
    <wp:status>${cdata(item.status ?? "publish")}</wp:status>
    <wp:post_parent>0</wp:post_parent>
    <wp:post_type>${cdata(type)}</wp:post_type>
    <wp:post_password>${cdata(item.password ?? "")}</wp:post_password>
    <wp:is_sticky>0</wp:is_sticky>${item.attachmentUrl ? `\n    <wp:attachment_url>${cdata(item.attachmentUrl)}</wp:attachment_url>` : ""}${(
      item.categories ?? []
    )
      .map(([slug, name]) => `\n    <category domain="category" nicename="${slug}">${cdata(name)}</category>`)
      .join("")}${(item.tags ?? [])
      .map(([slug, name]) => `\n    <category domain="post_tag" nicename="${slug}">${cdata(name)}</category>`)
      .join("")}${
      item.thumbnailId
        ? `\n    <wp:postmeta><wp:meta_key>${cdata("_thumbnail_id")}</wp:meta_key><wp:meta_value>${cdata(String(item.thumbnailId))}</wp:meta_value></wp:postmeta>`
        : ""
    }${
      item.alt !== undefined
        ? `\n    <wp:postmeta><wp:meta_key>${cdata("_wp_attachment_image_alt")}</wp:meta_key><wp:meta_value>${cdata(item.alt)}</wp:meta_value></wp:postmeta>`
        : ""
    }
  </item>`;
}

export type WpAuthor = { login: string; email?: string; displayName?: string };

/** A whole WXR 1.2 document, its channel's authors, categories and tags, then the items. */
export function wxr({
  items,
  authors = [{ login: "jane", email: "jane@old-blog.example", displayName: "Jane Doe" }],
  version = "1.2",
}: {
  items: (WpItem | string)[];
  authors?: WpAuthor[];
  version?: "1.1" | "1.2";
}): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0"
  xmlns:excerpt="http://wordpress.org/export/${version}/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:wfw="http://wellformedweb.org/CommentAPI/"
  xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:wp="http://wordpress.org/export/${version}/">
<channel>
  <title>Old Blog</title>
  <link>${WP_ORIGIN}</link>
  <description>Just another WordPress site</description>
  <language>en-US</language>
  <wp:wxr_version>${version}</wp:wxr_version>
  <wp:base_site_url>${WP_ORIGIN}</wp:base_site_url>
  <wp:base_blog_url>${WP_ORIGIN}</wp:base_blog_url>
${authors
  .map(
    (a, i) =>
      `  <wp:author><wp:author_id>${i + 1}</wp:author_id><wp:author_login>${cdata(a.login)}</wp:author_login><wp:author_email>${cdata(a.email ?? "")}</wp:author_email><wp:author_display_name>${cdata(a.displayName ?? a.login)}</wp:author_display_name></wp:author>`,
  )
  .join("\n")}
  <wp:category><wp:term_id>1</wp:term_id><wp:category_nicename>${cdata("retail")}</wp:category_nicename><wp:category_parent>${cdata("")}</wp:category_parent><wp:cat_name>${cdata("Retail")}</wp:cat_name></wp:category>
  <wp:tag><wp:term_id>2</wp:term_id><wp:tag_slug>${cdata("kiosks")}</wp:tag_slug><wp:tag_name>${cdata("Kiosks")}</wp:tag_name></wp:tag>
${items.map((i) => (typeof i === "string" ? i : wpItem(i))).join("\n")}
</channel>
</rss>
`;
}

/** A paragraph long enough for the editor's rules. */
export const LONG_TEXT = "Queues move faster when people know how long they will wait, and kiosks tell them.";

export type GhostPost = {
  id: string;
  title: string;
  slug: string;
  html: string;
  status?: string;
  type?: string;
  visibility?: string;
  featureImage?: string;
  featureImageAlt?: string;
  excerpt?: string;
  publishedAt?: string;
  tagIds?: string[];
  authorIds?: string[];
};

/** A Ghost 5 export: `db[0].meta` and `db[0].data` with posts, tags, users and the joining tables. */
export function ghostExport({
  posts,
  tags = [
    { id: "t1", name: "Retail", slug: "retail" },
    { id: "t2", name: "#internal", slug: "hash-internal", visibility: "internal" },
  ],
  users = [{ id: "u1", name: "Sam Writer", slug: "sam", email: "sam@ghost.example" }],
}: {
  posts: GhostPost[];
  tags?: { id: string; name: string; slug: string; visibility?: string }[];
  users?: { id: string; name: string; slug: string; email: string }[];
}): string {
  return JSON.stringify({
    db: [
      {
        meta: { exported_on: Date.parse("2024-06-01T00:00:00Z"), version: "5.82.0" },
        data: {
          posts: posts.map((p) => ({
            id: p.id,
            uuid: `uuid-${p.id}`,
            title: p.title,
            slug: p.slug,
            html: p.html,
            lexical: null,
            feature_image: p.featureImage ?? null,
            type: p.type ?? "post",
            status: p.status ?? "published",
            visibility: p.visibility ?? "public",
            custom_excerpt: p.excerpt ?? null,
            created_at: "2024-05-01T09:00:00.000Z",
            updated_at: "2024-05-02T09:00:00.000Z",
            published_at: p.publishedAt ?? "2024-05-01T10:00:00.000Z",
          })),
          posts_meta: posts
            .filter((p) => p.featureImageAlt)
            .map((p, i) => ({ id: `m${i}`, post_id: p.id, feature_image_alt: p.featureImageAlt })),
          tags: tags.map((t) => ({ ...t, visibility: t.visibility ?? "public" })),
          posts_tags: posts.flatMap((p) =>
            (p.tagIds ?? []).map((tagId, i) => ({
              id: `pt-${p.id}-${i}`,
              post_id: p.id,
              tag_id: tagId,
              sort_order: i,
            })),
          ),
          users: users.map((u) => ({ ...u, status: "active" })),
          posts_authors: posts.flatMap((p) =>
            (p.authorIds ?? ["u1"]).map((authorId, i) => ({
              id: `pa-${p.id}-${i}`,
              post_id: p.id,
              author_id: authorId,
              sort_order: i,
            })),
          ),
        },
      },
    ],
  });
}
