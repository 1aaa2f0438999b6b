import type { BlockType } from "./index";

/**
 * What the editor's palette, outline and history call each block type, and the line the palette
 * shows under it. No zod here, so any screen may import it.
 */
export const BLOCK_NAMES: Record<BlockType, { name: string; hint: string }> = {
  hero: { name: "Hero", hint: "The page's opening: headline, lead, buttons and a picture" },
  richText: { name: "Rich text", hint: "Headings, paragraphs, lists and links, as in a post" },
  featureGrid: { name: "Feature grid", hint: "Two to four columns of icon, title and text" },
  steps: { name: "Steps", hint: "A numbered path: how it works" },
  callToAction: { name: "Call to action", hint: "A band with a headline and one button" },
  faq: { name: "FAQ", hint: "Questions and answers, also shown to search engines" },
  testimonial: { name: "Testimonial", hint: "A customer's words and who said them" },
  logoStrip: { name: "Logo strip", hint: "Customers' or partners' logos" },
  figures: { name: "Figures", hint: "Large figures with their labels" },
  image: { name: "Image", hint: "One image with alt text and a caption" },
  video: { name: "Video", hint: "A YouTube or Vimeo video" },
  industryCards: { name: "Industry cards", hint: "Cards of the industries the site serves" },
  latestPosts: { name: "Latest posts", hint: "The newest posts of the blog, or of one tag" },
  contactForm: { name: "Contact form", hint: "The site's contact form, its messages in the inbox" },
  subscribe: { name: "Subscribe", hint: "The newsletter's sign-up form" },
  pricingTable: { name: "Pricing table", hint: "Plans side by side, one highlighted" },
};
