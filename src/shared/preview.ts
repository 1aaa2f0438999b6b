/**
 * Draft preview (docs/decisions/020-draft-preview.md): a signed-in user of any role opens any post,
 * draft or not, at `/blog/{slug}?preview`, rendered as the public page with a bar saying so. An
 * admin's or editor's `?preview` on any page also shows the site content's draft
 * (src/server/site/site-service.ts).
 */
export const PREVIEW_PARAM = "preview";

export const PREVIEW_MESSAGES = {
  draftBar: "Draft preview — not public",
  publishedBar: "Preview — this post is public",
  siteDraftBar: "Site draft preview — not public",
  backToAdmin: "Back to Admin",
} as const;

/**
 * A preview's headers, a shared preview link's too: it shows what is not public, so no browser,
 * proxy or search engine keeps or indexes it (020-draft-preview.md).
 */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

/** The preview address of a post, for any post, draft or published. */
export function previewPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}?${PREVIEW_PARAM}`;
}

/** Where the admin's View opens a post: its public page, or the preview while it is a draft. */
export function viewPath(post: { slug: string; published: boolean }): string {
  return post.published ? `/blog/${encodeURIComponent(post.slug)}` : previewPath(post.slug);
}

/** True when a URL's query asks for the preview (`?preview`, `?preview=1`, ...). */
export function asksForPreview(search: URLSearchParams): boolean {
  return search.has(PREVIEW_PARAM);
}
