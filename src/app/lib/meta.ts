import { SOCIAL_CARD } from "../../shared/media";
import { SITE } from "../../shared/site";

/** A page's `<title>` and meta description (issue 2: every page has its own). */
export function pageMeta(title: string, description: string) {
  return [
    { title: title === SITE.name ? `${SITE.name} | ${SITE.tagline}` : `${title} | ${SITE.name}` },
    { name: "description", content: description },
  ];
}

/** The canonical address of a page, from PUBLIC_URL (issue 3). */
export function canonicalLink(href: string) {
  return { tagName: "link", rel: "canonical", href };
}

/** An absolute URL for a path or an already absolute address (cover images may be either). */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl}/`).href;
}

/**
 * OpenGraph and Twitter tags for a page, with its social card (a 1200x630 PNG the server makes,
 * docs/decisions/027-social-cards.md): what Facebook, X, LinkedIn and chat apps show for a link.
 */
export function socialMeta({
  publicUrl,
  title,
  description,
  url,
  image,
  type = "website",
  imageAlt = title,
}: {
  publicUrl: string;
  title: string;
  description: string;
  url: string;
  /** A path of the site (`/social/...png`) or an absolute address. */
  image: string;
  type?: "website" | "article";
  imageAlt?: string;
}) {
  const imageUrl = absoluteUrl(publicUrl, image);
  return [
    { property: "og:type", content: type },
    { property: "og:site_name", content: SITE.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: absoluteUrl(publicUrl, url) },
    { property: "og:image", content: imageUrl },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SOCIAL_CARD.width) },
    { property: "og:image:height", content: String(SOCIAL_CARD.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: imageAlt },
  ];
}
