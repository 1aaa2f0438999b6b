import type { IndustryId } from "~/shared/industries";
import type { IconName } from "./icon-names";

/** The mark of each industry on its cards and its page. */
export const INDUSTRY_ICONS: { readonly [K in IndustryId]: IconName } = {
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
