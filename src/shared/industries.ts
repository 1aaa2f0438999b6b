import { industryPageDescription } from "./industry-pages";
import { INDUSTRY_SCENE_NAMES, type IndustryIconName } from "./industry-art";
import type { SiteIndustry } from "./site-content";

/**
 * The ten industries a fresh site presents: the defaults of the site's content
 * (site-defaults.ts), which the admin's Site tab changes. Isomorphic: no DOM and no Node APIs.
 */

// Each of the ten has a drawn scene of its own name (industry-art.ts).
export const INDUSTRY_IDS = INDUSTRY_SCENE_NAMES;

export type IndustryId = (typeof INDUSTRY_IDS)[number];

export type Industry = SiteIndustry;

type DefaultText = { title: string; description: string; features: [string, string, string] };

/** The mark of each industry on its cards and its page. */
const ICONS: { readonly [K in IndustryId]: IndustryIconName } = {
  hospitality: "utensils-crossed",
  healthcare: "stethoscope",
  airports: "plane",
  entertainment: "trophy",
  "theme-parks": "ferris-wheel",
  government: "landmark",
  logistics: "truck",
  retail: "shopping-bag",
  finance: "wallet",
  education: "graduation-cap",
};

const BY_ID: { readonly [K in IndustryId]: DefaultText } = {
  hospitality: {
    title: "Hospitality",
    description:
      "Run waitlists, check-in and peak-hour orders without a crowd at the door. Guests wait where they like and get a text when it's their turn.",
    features: [
      "Digital waitlists with text-when-ready alerts",
      "Hotel check-in queues balanced across desks",
      "Peak-hour order pacing for bar and kitchen",
    ],
  },
  healthcare: {
    title: "Healthcare",
    description:
      "Calmer waiting rooms for clinics, labs and pharmacies. Patients are seen in the right order, and staff always know who is next and why.",
    features: [
      "Triage-aware patient ordering",
      "Remote check-in for walk-in clinics",
      "Ready-for-pickup alerts for pharmacy and lab",
    ],
  },
  airports: {
    title: "Airports & Transportation",
    description:
      "Move travelers through security, check-in and ground transport with live wait times and smarter lane assignments.",
    features: [
      "Security lane forecasting from flight schedules",
      "Departure-aware check-in and bag-drop queues",
      "Orderly rideshare and taxi pickup zones",
    ],
  },
  entertainment: {
    title: "Sports & Entertainment",
    description:
      "Shorter lines at gates, concessions and merch stands, so fans spend the event watching it rather than queuing for it.",
    features: [
      "Staggered gate entry with arrival windows",
      "Order-from-seat concessions with pickup alerts",
      "Virtual lines for merch drops and signings",
    ],
  },
  "theme-parks": {
    title: "Theme Parks",
    description:
      "Virtual queues for rides, shows and dining that let guests enjoy the park while they wait instead of standing in a line.",
    features: [
      "Ride reservations with live return windows",
      "Mixed virtual, standby and priority access",
      "Park-wide demand map for operations teams",
    ],
  },
  government: {
    title: "Government Services",
    description:
      "Appointments and walk-ins for licensing offices, permits and benefits in one fair queue, with honest wait times for every visitor.",
    features: [
      "Service-based routing to the right counter",
      "Remote line joining and appointment booking",
      "Multilingual, accessible visitor notifications",
    ],
  },
  logistics: {
    title: "Logistics & Fulfillment",
    description:
      "Schedule trucks at the dock, sequence pickups at the counter and keep warehouse yards flowing with one queuing layer.",
    features: [
      "Dock appointments and live door assignment",
      "Will-call pickup with pre-staged orders",
      "Integrations with WMS and TMS platforms",
    ],
  },
  retail: {
    title: "Retail & Support",
    description:
      "From fitting rooms and service desks to product launches and repair counters, customers hold their place without holding up the store.",
    features: [
      "Virtual lines for service desks and fitting rooms",
      "Skill-based matching for repair and support",
      "Timed entry for launches and limited drops",
    ],
  },
  finance: {
    title: "Financial Services",
    description:
      "Branch visits, advisor meetings and teller lines handled in one secure queue, with customer details protected end to end.",
    features: [
      "Visit-reason routing to tellers and advisors",
      "Advisor appointments with document checklists",
      "End-to-end encryption of customer details",
    ],
  },
  education: {
    title: "Education & Campus Life",
    description:
      "Office hours, advising, financial aid and dining halls with no lines out the door during the busiest weeks of the term.",
    features: [
      "Virtual lines for registrar and financial aid",
      "Office hours and advising queues",
      "Live wait times for dining halls and events",
    ],
  },
};

/** Each default industry keeps its first id as its key, and its own picture and scene. */
export const INDUSTRIES: readonly Industry[] = INDUSTRY_IDS.map((id) => ({
  key: id,
  id,
  ...BY_ID[id],
  pageDescription: [...industryPageDescription(id)],
  icon: ICONS[id],
  scene: id,
  shown: true,
}));

/** A default industry by id: the title of a message sent before the site's content was data. */
export function findIndustry(id: string): Industry | undefined {
  return INDUSTRIES.find((industry) => industry.id === id);
}
