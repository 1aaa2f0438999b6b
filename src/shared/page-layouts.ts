import type { Block } from "./blocks";

/**
 * The starting layouts a new page may begin from (docs/cms-guide.md "Pages"): each a list of
 * blocks with real words the team rewrites rather than placeholders, valid as they stand
 * (tests/unit/page-layouts.test.ts checks each against blockListSchema). Block ids are fixed
 * here: a page is made from one layout, so they are unique on it, and blocks added later get
 * ids of their own.
 */
export type PageLayoutId = "blank" | "landing" | "pricing" | "legal" | "careers";

export type PageLayout = {
  id: PageLayoutId;
  name: string;
  description: string;
  /** A path the new-page form suggests, changed by the team at will. */
  path: string;
  blocks: readonly Block[];
};

const contact = (title: string, intro: string): Block => ({
  id: "contact",
  type: "contactForm",
  anchor: "contact",
  title,
  intro,
});

const landing: Block[] = [
  {
    id: "hero",
    type: "hero",
    badge: "New: live wait times on any screen",
    headline: "Let your customers wait wherever they like",
    lead: "QueueWise replaces the line at your door with a virtual queue: people join from their phone, get called when it is their turn, and your team always knows who is next.",
    buttons: [
      { label: "Book a demo", href: "#contact" },
      { label: "See how it works", href: "#how-it-works" },
    ],
    visual: { kind: "mock" },
  },
  {
    id: "benefits",
    type: "featureGrid",
    title: "Why teams switch to QueueWise",
    intro: "Shorter waits for your visitors, calmer days for your staff.",
    columns: 3,
    items: [
      {
        icon: "clock",
        title: "Shorter waits",
        text: "Visitors arrive just in time instead of standing in line for half an hour.",
      },
      {
        icon: "chart-column",
        title: "Know your peaks",
        text: "See when the rush comes and plan your staff around it, day by day.",
      },
      {
        icon: "shield-check",
        title: "Private by design",
        text: "A first name and a number are all a visitor shares. No app to install.",
      },
    ],
  },
  {
    id: "how-it-works",
    type: "steps",
    anchor: "how-it-works",
    title: "How it works",
    intro: "Live in a day, without new hardware.",
    items: [
      {
        icon: "qr-code",
        title: "Scan the code",
        text: "Visitors scan a poster at your door or join from your website.",
      },
      { icon: "bell-ring", title: "Get called", text: "A text message tells them when their turn is near." },
      {
        icon: "user-check",
        title: "Walk right in",
        text: "Your team sees who is next and serves them without a line.",
      },
    ],
  },
  {
    id: "figures",
    type: "figures",
    variant: "dark",
    title: "What our customers see",
    items: [
      { figure: "-40%", label: "Time spent waiting" },
      { figure: "3x", label: "More visitors served per hour at peak" },
      { figure: "24/7", label: "Queues open around the clock" },
    ],
  },
  {
    id: "testimonial",
    type: "testimonial",
    variant: "tinted",
    quote:
      "Our waiting room used to be full by nine. Now patients wait at home or over a coffee, and we see them at the time we told them.",
    name: "Dr. Anna Berg",
    role: "Practice manager, Northside Clinic",
  },
  {
    id: "faq",
    type: "faq",
    title: "Questions we hear",
    items: [
      {
        question: "Do my visitors need to install an app?",
        answer: "No. They join the queue in their phone's browser by scanning a code or opening a link.",
      },
      {
        question: "How long does it take to set up?",
        answer: "Most teams open their first queue the same day. We help you with the posters and the first week.",
      },
      {
        question: "Can we try it first?",
        answer: "Yes. Book a demo and we will set up a trial queue for your site, free for 30 days.",
      },
    ],
  },
  {
    id: "cta",
    type: "callToAction",
    variant: "dark",
    headline: "See QueueWise at your own door",
    text: "A 20-minute call: we show you a queue set up for your business.",
    button: { label: "Book a demo", href: "#contact" },
  },
  contact("Book a demo", "Tell us about your site and when suits you: we answer within one working day."),
];

const pricing: Block[] = [
  {
    id: "intro",
    type: "richText",
    html: "<h2>Pricing</h2><p>Simple plans for one location or a hundred. Every plan includes unlimited visitors, text message calls and our support team.</p>",
  },
  {
    id: "plans",
    type: "pricingTable",
    title: "Choose your plan",
    intro: "Prices per location, billed monthly. Cancel any time.",
    plans: [
      {
        name: "Starter",
        price: "€49",
        period: "per month",
        description: "One queue for a small shop or practice.",
        features: ["One queue", "Text message calls", "Live wait times", "Email support"],
        button: { label: "Start a trial", href: "#contact" },
      },
      {
        name: "Business",
        price: "€149",
        period: "per month",
        description: "Several queues and appointments for a busy site.",
        features: ["Unlimited queues", "Appointments", "Wait-time analytics", "Phone support"],
        button: { label: "Start a trial", href: "#contact" },
        highlighted: true,
      },
      {
        name: "Enterprise",
        price: "Custom",
        period: "",
        description: "Many locations, single sign-on and our API.",
        features: ["Every location in one view", "Single sign-on", "API access", "A named account manager"],
        button: { label: "Talk to us", href: "#contact" },
      },
    ],
  },
  {
    id: "faq",
    type: "faq",
    title: "Pricing questions",
    items: [
      {
        question: "Is there a free trial?",
        answer: "Yes, every plan starts with 30 days free. We ask for no card until you decide to stay.",
      },
      {
        question: "What counts as a location?",
        answer: "One address where visitors queue. A clinic with two waiting rooms at one address is one location.",
      },
      {
        question: "Can I change plans later?",
        answer: "Any time, from your account. The new price applies from the next month.",
      },
    ],
  },
  contact("Questions about pricing?", "Tell us how many locations you have and we will suggest a plan."),
];

const legal: Block[] = [
  {
    id: "policy",
    type: "richText",
    html: [
      "<h2>Privacy policy</h2>",
      "<p>This policy says which personal data we collect through this website, why, and what rights you have. Last updated: write the date here.</p>",
      "<h3>Who we are</h3>",
      "<p>The controller of your data is [company name, address]. You can reach us at [email address].</p>",
      "<h3>What we collect</h3>",
      "<ul><li>When you send the contact form: your name, email address, company and message.</li><li>When you subscribe to the newsletter: your email address and when you confirmed it.</li><li>When you visit: counts of page views, kept without cookies and without your address.</li></ul>",
      "<h3>Why, and on which basis</h3>",
      "<p>We use your message to answer you (Art. 6(1)(b) GDPR) and your newsletter address only with your consent (Art. 6(1)(a) GDPR), which you may withdraw at any time.</p>",
      "<h3>How long we keep it</h3>",
      "<p>Messages are kept for as long as we need them to answer you and for our records, and no longer than [period].</p>",
      "<h3>Your rights</h3>",
      "<p>You may ask to see, correct or delete your data, object to its use, or take it elsewhere. You may also complain to your data protection authority.</p>",
    ].join(""),
  },
];

const careers: Block[] = [
  {
    id: "hero",
    type: "hero",
    badge: "We are hiring",
    headline: "Help the world spend less time in line",
    lead: "We are a small team building queues that people do not notice. Join us to work on a product used by clinics, airports and stores every day.",
    buttons: [{ label: "See open positions", href: "#positions" }],
    visual: { kind: "none" },
  },
  {
    id: "values",
    type: "featureGrid",
    title: "How we work",
    columns: 3,
    items: [
      {
        icon: "coffee",
        title: "Remote first",
        text: "Work from where you work best, with two weeks a year together in one place.",
      },
      {
        icon: "book-open",
        title: "Time to learn",
        text: "A learning budget of €1,500 a year and a Friday afternoon a month for your own ideas.",
      },
      {
        icon: "user-check",
        title: "Small teams",
        text: "Teams of three to five own their part of the product from idea to customer.",
      },
    ],
  },
  {
    id: "positions",
    type: "richText",
    anchor: "positions",
    html: [
      "<h2>Open positions</h2>",
      "<h3>Senior full-stack engineer (remote, Europe)</h3>",
      "<p>You build the screens our customers' staff use all day, and the services behind them.</p>",
      "<h3>Customer success manager (Berlin or remote)</h3>",
      "<p>You help new customers open their first queue and make it part of their day.</p>",
      "<p>No position for you? Write to us anyway: tell us what you would like to work on.</p>",
    ].join(""),
  },
  {
    id: "hiring-steps",
    type: "steps",
    title: "How we hire",
    items: [
      { title: "A short call", text: "Thirty minutes to get to know each other and answer your questions." },
      { title: "A real task", text: "A paid half day on a problem like the ones we work on." },
      { title: "Meet the team", text: "Talk to the people you would work with, then we decide within a week." },
    ],
  },
  contact("Apply or ask", "Send us a few lines about yourself and a link to your work or your CV."),
];

export const PAGE_LAYOUTS: readonly PageLayout[] = [
  { id: "blank", name: "Blank", description: "An empty page: add the blocks you need.", path: "/new-page", blocks: [] },
  {
    id: "landing",
    name: "Landing page",
    description: "Hero, benefits, steps, figures, a customer's words, FAQ, call to action and contact form.",
    path: "/landing",
    blocks: landing,
  },
  {
    id: "pricing",
    name: "Pricing",
    description: "An introduction, three plans with one highlighted, pricing questions and a contact form.",
    path: "/pricing",
    blocks: pricing,
  },
  {
    id: "legal",
    name: "Legal text",
    description: "One long text with headings, such as a privacy policy or terms.",
    path: "/privacy",
    blocks: legal,
  },
  {
    id: "careers",
    name: "Careers",
    description: "A hero, how you work, open positions, how you hire and a form to apply.",
    path: "/careers",
    blocks: careers,
  },
];

/** The layout by its id, or undefined. */
export const pageLayout = (id: string) => PAGE_LAYOUTS.find((layout) => layout.id === id);
