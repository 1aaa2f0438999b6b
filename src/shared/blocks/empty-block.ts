import { NEWSLETTER_MESSAGES } from "../newsletter";
import { MEDIA_PLACEHOLDER } from "./media-placeholder";
import type { Block, BlockType } from "./index";

/**
 * A new block of each type as the editor's palette adds it: valid as it stands (a page saved
 * straight after adding it passes the schema), its texts saying what belongs there. Blocks that
 * need an image start with MEDIA_PLACEHOLDER, which the components draw as an empty frame until
 * one is chosen from the media library.
 */
export function emptyBlock<T extends BlockType>(type: T, id: string): Extract<Block, { type: T }> {
  // A copy each time: the editor changes the block it gets, never the palette's template.
  return { id, ...structuredClone(EMPTY[type]) } as unknown as Extract<Block, { type: T }>;
}

type Empty = { [T in BlockType]: Omit<Extract<Block, { type: T }>, "id"> };

const EMPTY: Empty = {
  hero: {
    type: "hero",
    badge: "",
    headline: "Say what you offer in one line",
    lead: "",
    buttons: [{ label: "Get in touch", href: "#contact" }],
    visual: { kind: "mock" },
  },
  richText: { type: "richText", html: "<p>Write here.</p>" },
  featureGrid: {
    type: "featureGrid",
    title: "Why teams choose us",
    intro: "",
    columns: 3,
    items: [
      { icon: "clock", title: "First feature", text: "What it does for the reader." },
      { icon: "shield-check", title: "Second feature", text: "What it does for the reader." },
      { icon: "sparkles", title: "Third feature", text: "What it does for the reader." },
    ],
  },
  steps: {
    type: "steps",
    title: "How it works",
    intro: "",
    items: [
      { title: "First step", text: "What happens first." },
      { title: "Second step", text: "What happens next." },
      { title: "Third step", text: "What the reader gets." },
    ],
  },
  callToAction: {
    type: "callToAction",
    variant: "dark",
    headline: "Ready to start?",
    text: "",
    button: { label: "Contact us", href: "#contact" },
  },
  faq: {
    type: "faq",
    title: "Frequently asked questions",
    intro: "",
    items: [{ question: "A question readers ask", answer: "Its answer, in a few sentences." }],
  },
  testimonial: { type: "testimonial", quote: "What a customer said about you.", name: "Their name", role: "" },
  logoStrip: { type: "logoStrip", title: "Trusted by", logos: [{ src: MEDIA_PLACEHOLDER, alt: "Company name" }] },
  figures: {
    type: "figures",
    variant: "dark",
    title: "",
    items: [
      { figure: "24/7", label: "What the figure counts" },
      { figure: "3x", label: "What the figure counts" },
    ],
  },
  image: { type: "image", src: MEDIA_PLACEHOLDER, alt: "What the image shows", caption: "" },
  // Vimeo's own introduction to its player: a link that passes the embed rules until the team pastes theirs.
  video: { type: "video", url: "https://vimeo.com/76979871", title: "", caption: "" },
  industryCards: {
    type: "industryCards",
    title: "Industries we serve",
    intro: "",
    industries: [],
    featureCount: 3,
    linkLabel: "Learn more",
    exploreAllLabel: "",
  },
  latestPosts: { type: "latestPosts", title: "From the blog", intro: "", count: 3 },
  contactForm: { type: "contactForm", anchor: "contact", title: "Get in touch", intro: "" },
  // The words the blog's own form shows, so a new block reads as the newsletter's form until the team changes them.
  subscribe: { type: "subscribe", title: NEWSLETTER_MESSAGES.heading, intro: NEWSLETTER_MESSAGES.intro },
  pricingTable: {
    type: "pricingTable",
    title: "Pricing",
    intro: "",
    plans: [
      {
        name: "Starter",
        price: "Free",
        period: "",
        features: ["What the plan includes"],
        button: { label: "Start", href: "#contact" },
      },
      {
        name: "Business",
        price: "Custom",
        period: "",
        features: ["What the plan includes"],
        button: { label: "Talk to us", href: "#contact" },
        highlighted: true,
      },
    ],
  },
};
