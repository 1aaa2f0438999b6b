/** The block editor's limits and field messages, the same in the browser and on the server. */
export const BLOCK_MESSAGES = {
  required: "Required.",
  tooLong: (max: number) => `At most ${max} characters.`,
  tooFew: (min: number) => `Keep at least ${min}.`,
  tooMany: (max: number) => `At most ${max}.`,
  anchor: "Use lower-case letters, digits and single hyphens, such as contact.",
  blockId: "A block needs an id of letters, digits and hyphens.",
  link: "Use an http:// or https:// address, a path on this site that starts with /, or a section such as #contact.",
  mediaImage: "Choose an image from the media library.",
  altRequired: "Describe the image for people who cannot see it.",
  backgroundRequired: "The image look needs a background: choose an image from the media library.",
  video: "Use a YouTube or Vimeo link, such as https://www.youtube.com/watch?v=... or https://vimeo.com/123456.",
  icon: "Choose one of the pictures.",
  columns: "Choose 2, 3 or 4 columns.",
  whole: (min: number, max: number) => `Use a whole number from ${min} to ${max}.`,
  tag: "Use a tag's slug: lower-case letters, digits and hyphens, such as product.",
  industryId: "Use an industry's id, such as healthcare.",
  oneHighlighted: "Only one plan can be highlighted: clear the other one first.",
  duplicateBlockId: "Two blocks share this id.",
  duplicateAnchor: "Another block on this page already uses this anchor.",
  oneContactForm: "A page holds one contact form at most.",
  oneHero: "A page holds one hero at most: its headline is the page's main heading.",
  reservedAnchor: "The site already uses this id for a part of every page: choose another.",
  unknownType: "Choose one of the block types.",
} as const;

export const BLOCK_LIMITS = {
  anchor: 60,
  blockId: 40,
  html: 200_000,
  /** A button's or a small label's text. */
  label: 40,
  /** A hero's badge. */
  badge: 60,
  /** A section's or a card's title. */
  title: 80,
  headline: 120,
  /** A list line: a plan's feature, a figure's label. */
  line: 160,
  /** A card's text, a section's intro, a hero's lead. */
  text: 400,
  /** An FAQ answer, a testimonial's quote. */
  paragraph: 1500,
  /** A figure such as "3x" or "24/7". */
  figure: 12,
  /** A plan's price, such as "€49" or "Custom". */
  price: 20,
  url: 2000,
  alt: 250,
  caption: 300,
  heroButtons: 2,
  featureItems: 12,
  steps: 8,
  faqItems: 30,
  logos: 12,
  figures: 6,
  industries: 30,
  latestPosts: 12,
  plans: 4,
  planFeatures: 12,
  /** The blocks one page may hold. */
  blocks: 60,
  /** The largest width or height an image block may give, in pixels. */
  imageSide: 10_000,
} as const;
