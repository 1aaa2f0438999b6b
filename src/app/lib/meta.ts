import { pageTitle } from "~/shared/post-seo";

/** A page's `<title>` and meta description (every page has its own). */
export function pageMeta(title: string, description: string) {
  return [{ title: pageTitle(title) }, { name: "description", content: description }];
}

/** The title and description of an admin or tool page, which search engines must not index. */
export function privatePageMeta(title: string, description: string) {
  return [...pageMeta(title, description), { name: "robots", content: "noindex" }];
}

/** The canonical address of a page, from PUBLIC_URL. */
export function canonicalLink(href: string) {
  return { tagName: "link", rel: "canonical", href };
}

/** An absolute URL for a path or an already absolute address (cover images may be either). */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl}/`).href;
}
