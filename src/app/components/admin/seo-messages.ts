import { SEO_LIMITS } from "~/shared/schemas";

/** The editor's "SEO & social" section and its image alt text and captions, in one place. */
export const SEO_PANEL_MESSAGES = {
  heading: "SEO & social",
  hint: "How the post appears in search results and when its link is shared. Leave a field empty to use the post's own title, summary and generated card.",
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  counter: (used: number, max: number) => `${used}/${max} characters`,
  metaTitleLimit: SEO_LIMITS.metaTitle,
  metaDescriptionLimit: SEO_LIMITS.metaDescription,
  socialImage: "Social image",
  generatedCard: "Generated card",
  noImages: "No images uploaded yet. Upload one as a cover or in the editor, then pick it here.",
  imagesFailed: "The images could not be loaded",
  canonicalUrl: "Canonical URL",
  canonicalHint: "Only for a post first published on another site: search engines credit that address.",
  noindex: "Hide from search engines",
  noindexHint:
    "Readers still find it on /blog; search engines are asked not to list it, and the sitemap and RSS feed leave it out.",
  searchPreview: "Search result preview",
  socialPreview: "Social card preview",
  hiddenFromSearch: "Hidden from search engines: this post will not appear in search results.",
  cardRedrawn: "The generated card is drawn again from the title when the post is saved.",
} as const;

export const IMAGE_TEXT_MESSAGES = {
  heading: "Images in this post",
  hint: "Describe each image for readers who cannot see it. A caption is shown under the image.",
  image: (n: number) => `Image ${n}`,
  alt: "Alt text",
  caption: "Caption",
  apply: "Apply",
  missingAlt: "No alt text yet",
  warningTitle: (count: number) => (count === 1 ? "1 image has no alt text" : `${count} images have no alt text`),
  warningText:
    "Readers using a screen reader will not know what these images show. Add alt text under the editor, or publish as it is.",
  publishAnyway: "Publish anyway",
  addAltText: "Add alt text",
} as const;

export const COVER_FOCUS_MESSAGES = {
  label: "Part of the cover the blog's cards show",
  top: "Top (default)",
  upper: "Upper third",
  middle: "Middle",
  lower: "Lower third",
  bottom: "Bottom",
  preview: "As a card shows it",
} as const;
