import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { BlockList } from "~/app/components/blocks/block-list";
import type { BlockData } from "~/app/components/blocks/block-data";
import type { PostListItem } from "~/shared/blog";
import { blockListSchema, type Block, type BlockVariant } from "~/shared/blocks";
import { MEDIA_PLACEHOLDER } from "~/shared/blocks/media-placeholder";
import { INDUSTRIES } from "~/shared/industries";

/** A media-library address of the right shape (nothing is served at it in these tests). */
const LOGO = `/media/${"a".repeat(64)}.png`;

/** A page with one block of every type, each field filled, for the render and axe tests. */
export const EVERY_BLOCK: Block[] = blockListSchema.parse([
  {
    id: "hero",
    type: "hero",
    badge: "Queues without the line",
    headline: "Let visitors wait wherever they like",
    lead: "Virtual queues, appointments and live wait times in one place.",
    buttons: [
      { label: "See industries", href: "#industries" },
      { label: "Talk to us", href: "#contact" },
    ],
    visual: { kind: "mock" },
  },
  {
    id: "logos",
    type: "logoStrip",
    title: "Trusted by",
    logos: [
      { src: LOGO, alt: "Northwind Clinics", href: "https://example.com" },
      { src: MEDIA_PLACEHOLDER, alt: "Contoso Air" },
    ],
  },
  {
    id: "story",
    type: "richText",
    html: "<h2>Why queues matter</h2><p>Nobody likes <strong>standing</strong> in line.</p>",
  },
  {
    id: "features",
    type: "featureGrid",
    anchor: "about",
    title: "What you get",
    intro: "Three things every site gets.",
    columns: 3,
    items: [
      { icon: "clock", title: "Shorter waits", text: "Visitors arrive just in time." },
      { icon: "shield-check", title: "Private by design", text: "Only a first name and a number." },
      { icon: "sparkles", title: "Smart estimates", text: "Wait times that learn from the day." },
    ],
  },
  {
    id: "how",
    type: "steps",
    title: "How it works",
    items: [
      { icon: "qr-code", title: "Scan the code", text: "At the door or on a poster." },
      { icon: "coffee", title: "Wait anywhere", text: "Have a coffee meanwhile." },
      { title: "Get called", text: "A text when it is your turn." },
    ],
  },
  {
    id: "numbers",
    type: "figures",
    title: "In figures",
    items: [
      { figure: "24/7", label: "Queues that never close" },
      { figure: "3x", label: "Faster check-in" },
    ],
  },
  {
    id: "quote",
    type: "testimonial",
    quote: "Our waiting room is empty and our patients are happier.",
    name: "Dana Whitfield",
    role: "Operations lead, Northwind Clinics",
    photo: LOGO,
  },
  {
    id: "picture",
    type: "image",
    src: MEDIA_PLACEHOLDER,
    alt: "The front desk's dashboard",
    caption: "The dashboard at a clinic's front desk.",
  },
  {
    id: "film",
    type: "video",
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    title: "A tour of the dashboard",
    caption: "Two minutes with the dashboard.",
  },
  {
    id: "industry-cards",
    type: "industryCards",
    anchor: "industries",
    title: "Industry use cases",
    industries: ["healthcare", "airports", "no-such-industry"],
    featureCount: 2,
    linkLabel: "Learn more",
    exploreAllLabel: "Explore all industries",
  },
  { id: "posts", type: "latestPosts", title: "From the blog", count: 2, tag: "product" },
  {
    id: "plans",
    type: "pricingTable",
    title: "Pricing",
    plans: [
      { name: "Starter", price: "Free", features: ["One queue"], button: { label: "Start free", href: "/admin" } },
      {
        name: "Business",
        price: "€49",
        period: "per month",
        description: "For busy front desks.",
        features: ["Ten queues", "Text alerts"],
        button: { label: "Choose Business", href: "#contact" },
        highlighted: true,
      },
    ],
  },
  {
    id: "questions",
    type: "faq",
    title: "Questions",
    items: [
      { question: "Do visitors need an app?", answer: "No: a browser is enough." },
      { question: "Can we try it?", answer: "Yes, for thirty days." },
    ],
  },
  {
    id: "band",
    type: "callToAction",
    headline: "Ready for shorter lines?",
    text: "Set up in a day.",
    button: { label: "Contact us", href: "#contact" },
  },
  {
    id: "hidden-one",
    type: "callToAction",
    hidden: true,
    headline: "Never shown",
    button: { label: "Nope", href: "#contact" },
  },
  {
    id: "form",
    type: "contactForm",
    anchor: "contact",
    title: "Get in touch",
    intro: "We answer within a day.",
    industry: "healthcare",
  },
  {
    id: "newsletter",
    type: "subscribe",
    anchor: "newsletter",
    title: "Hear about new posts",
    intro: "One email per post, nothing else.",
  },
]);

const post = (id: number, title: string): PostListItem => ({
  id,
  title,
  slug: `post-${id}`,
  summary: `The summary of ${title}.`,
  createdAt: "2026-11-01T09:00:00.000Z",
  publishedAt: "2026-11-02T09:00:00.000Z",
  tags: [{ id: 1, name: "Product", slug: "product" }],
  readingMinutes: 3,
});

/** What the page route's loader would hand the blocks of EVERY_BLOCK. */
export const BLOCK_DATA: BlockData = {
  industries: INDUSTRIES.map(({ id, title, description, features, icon }) => ({
    id,
    title,
    description,
    features,
    icon,
  })),
  posts: { product: [post(3, "Queues in spring"), post(2, "Text alerts arrive"), post(1, "Not shown: third")] },
};

/** The picture under every block of the image variant (nothing is served at it unless a test routes it). */
export const BACKGROUND = `/media/${"d".repeat(64)}.jpg`;

/** The blocks with one variant for all, to see each block on each band; the image one over BACKGROUND. */
export const inVariant = (blocks: readonly Block[], variant: BlockVariant): Block[] =>
  blocks.map((block) => ({ ...block, variant, ...(variant === "image" && { background: BACKGROUND }) }));

/**
 * The markup of a page of blocks as the server renders it: inside a router (the forms and the
 * links need one) at the page's path, with the page's BlockData.
 */
export function renderBlocks(blocks: readonly Block[], data: BlockData = BLOCK_DATA, at = "/"): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => createElement(BlockList, { blocks, data }) }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: [at] }));
}
