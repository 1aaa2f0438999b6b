import { SOCIAL_CARD } from "~/shared/media";
import { SITE } from "~/shared/site";
import { absoluteUrl } from "./meta";

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
