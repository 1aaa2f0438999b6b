import { SOCIAL_CARD } from "~/shared/media";
import { SITE } from "~/shared/site";
import { absoluteUrl } from "./meta";

/** What og:image says of the image: by default, the social card the server draws. */
export type SocialImageFacts = { type: string; width?: number; height?: number };
const DRAWN_CARD: SocialImageFacts = { type: "image/png", ...SOCIAL_CARD };

/**
 * OpenGraph and Twitter tags for a page, with its social card (a 1200x630 PNG the server makes,
 * docs/decisions/027-social-cards.md) or a post's own social image: what Facebook, X, LinkedIn and
 * chat apps show for a link.
 */
export function socialMeta({
  publicUrl,
  title,
  description,
  url,
  image,
  type = "website",
  imageAlt = title,
  imageFacts = DRAWN_CARD,
}: {
  publicUrl: string;
  title: string;
  description: string;
  url: string;
  /** A path of the site (`/social/...png`) or an absolute address. */
  image: string;
  type?: "website" | "article";
  imageAlt?: string;
  imageFacts?: SocialImageFacts;
}) {
  const imageUrl = absoluteUrl(publicUrl, image);
  return [
    { property: "og:type", content: type },
    { property: "og:site_name", content: SITE.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: absoluteUrl(publicUrl, url) },
    { property: "og:image", content: imageUrl },
    { property: "og:image:type", content: imageFacts.type },
    ...(imageFacts.width && imageFacts.height
      ? [
          { property: "og:image:width", content: String(imageFacts.width) },
          { property: "og:image:height", content: String(imageFacts.height) },
        ]
      : []),
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: imageAlt },
  ];
}
