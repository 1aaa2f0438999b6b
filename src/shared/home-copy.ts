/**
 * The home page's copy on a fresh site (docs/product.md section 2, Home): part of the defaults of
 * site-defaults.ts, which the admin's Site tab changes. Isomorphic: no DOM and no Node APIs.
 */
import type { SiteHome } from "./site-content";
import { SITE } from "./site";

export const HOME: SiteHome = {
  hero: {
    eyebrow: "Virtual queues for every industry",
    headline: SITE.tagline,
    subheadline:
      "QueueWise replaces physical lines with smart virtual queues. Your customers wait where they like, and your team always knows who is next.",
    primaryButton: "Explore Use Cases",
    secondaryButton: "Contact Us",
    cards: [
      {
        title: "Time-Saving",
        text: "Customers join a queue from their phone and get called when it's their turn, instead of spending their day standing in line.",
      },
      {
        title: "Reliable",
        text: "Built to stay up through opening rushes and peak hours, with accurate wait estimates people can plan around.",
      },
      {
        title: "Innovative",
        text: "Predictive analytics and real-time adjustment turn a simple line into a system that learns and improves every day.",
      },
    ],
  },
  about: {
    title: "Our Story",
    paragraphs: [
      `QueueWise started with a simple frustration: waiting too long for a drink at a crowded bar. Our first product, ${SITE.sisterSite.name}, let guests order and queue for drinks from their phones, and showed us how much time and goodwill a better line can save.`,
      "We took what we learned and built a queuing platform for every industry. Today QueueWise helps clinics, airports, stadiums, stores, offices and campuses manage their lines with the same goal: less time waiting, more time doing what people came to do.",
    ],
    cards: [
      {
        title: "Innovative Approach",
        text: "We treat a queue as live data, not a line on the floor, and use it to predict demand before it arrives.",
      },
      {
        title: "API-Driven",
        text: "Every feature is available through our API, so QueueWise fits into the apps, kiosks and systems you already run.",
      },
      {
        title: "Industry Adaptability",
        text: "From triage in a clinic to dock doors in a warehouse, the same engine adapts to the rules of each industry.",
      },
    ],
    productButton: { label: `Visit ${SITE.sisterSite.name}`, url: SITE.sisterSite.url },
  },
  coreTech: {
    title: "Core Technology",
    intro:
      "Two ideas sit at the heart of QueueWise: queues that manage themselves, and a platform that connects to everything.",
    blocks: [
      {
        title: "Intelligent Queue Management",
        text: "Our queue engine looks ahead instead of only counting who is in line. It combines historical patterns with live activity to forecast demand and keep wait times honest.",
        points: [
          "Predictive analytics forecast busy periods before they happen",
          "Real-time adjustment of wait estimates as conditions change",
          "Priority rules for triage, appointments and accessibility",
          "Automatic balancing across counters, desks and stations",
        ],
      },
      {
        title: "API-First Architecture",
        text: "QueueWise was built API-first, so everything you can do in our dashboard you can also do from your own software, with customer data protected at every step.",
        points: [
          "API-first integration with existing apps, kiosks and back-office systems",
          "End-to-end encryption for customer data",
          "Webhooks and real-time events for notifications and displays",
          "Role-based access for staff and partners",
        ],
      },
    ],
    benefits: {
      title: "Benefits",
      items: [
        {
          title: "Efficiency",
          text: "Staff serve customers instead of managing lines, and customers spend less time waiting.",
        },
        {
          title: "Scalability",
          text: "Run one front desk or hundreds of locations on the same platform without changing how you work.",
        },
        {
          title: "Analytics",
          text: "See wait times, service times and peak hours across every location, and plan staffing around real demand.",
        },
      ],
    },
  },
  howItWorks: {
    title: "How It Works",
    intro:
      "One queue, two views: your visitors follow their place on a phone, your team runs the line from a dashboard.",
    steps: [
      {
        title: "Join from anywhere",
        text: "Visitors scan a QR code, tap a kiosk or open a link. No app to install and no paper ticket.",
      },
      {
        title: "Wait where they like",
        text: "Their phone shows their place in line and an estimate that updates as the line moves.",
      },
      {
        title: "Get called in time",
        text: "A text arrives when it is nearly their turn, timed from live service speeds, so they come back right on time.",
      },
      {
        title: "Served, and the system learns",
        text: "Staff call the next visitor with one tap; every visit sharpens tomorrow's wait-time forecasts.",
      },
    ],
  },
  facts: {
    title: "QueueWise in figures",
    items: [
      { figure: "10", label: "industries with ready-made queue setups" },
      { figure: "3", label: "ways to join: QR code, kiosk or the web" },
      { figure: "1 tap", label: "for staff to call the next visitor" },
      { figure: "100%", label: "of the dashboard's features in the API" },
    ],
  },
  industriesSection: {
    title: "Industry Use Cases",
    intro:
      "Wherever people wait, QueueWise can help. See how our platform adapts to the needs of ten different industries.",
    exploreAllLabel: "Explore all industry solutions",
    learnMoreLabel: "Learn more",
  },
  cta: {
    headline: "Ready to Transform Your Queuing Experience?",
    text: "Tell us how your lines work today, and we'll show you how QueueWise can make them shorter, fairer and easier to run.",
    button: "Contact Us",
  },
  contact: {
    title: "Contact Our Team",
    intro: "Have a question or want to see QueueWise in action? Send us a message and our team will get back to you.",
  },
};
