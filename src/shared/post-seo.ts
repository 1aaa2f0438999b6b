import { BLOG_MESSAGES, type PostSeo } from "./blog";
import { MEDIA_TYPES, type MediaExtension } from "./media";
import { SITE } from "./site";

/** A page's `<title>`: the page's name and the site's, or the site's with its tagline on the home page. */
export function pageTitle(title: string): string {
  return title === SITE.name ? `${SITE.name} | ${SITE.tagline}` : `${title} | ${SITE.name}`;
}

/**
 * How a post appears in search results and link previews: its search settings where the writer
 * set them, its title and summary where not. The post page's head and the editor's previews both
 * read it, so the preview is what readers and crawlers get (docs/decisions/116-per-post-search-settings.md).
 */
export function postAppearance(
  post: { title: string; summary: string } & Pick<PostSeo, "metaTitle" | "metaDescription">,
) {
  const title = post.title || BLOG_MESSAGES.untitled;
  return {
    /** A meta title is the whole `<title>`: the writer counts its characters against the limit. */
    documentTitle: post.metaTitle || pageTitle(title),
    socialTitle: post.metaTitle || title,
    description: post.metaDescription || post.summary,
  };
}

/** The content type of a library image, from its extension (`/media/<hash>.png`). */
export function libraryImageType(url: string): string | undefined {
  const ext = /\.([a-z]+)$/.exec(url)?.[1];
  return ext && ext in MEDIA_TYPES ? MEDIA_TYPES[ext as MediaExtension] : undefined;
}
