/**
 * The pictures an industry may wear, chosen in the Site tab: a mark of the site's icon sprite
 * (src/app/components/icon-names.ts lists these among its symbols) and a drawn hero scene
 * (src/app/components/industry-scenes.ts). Names only, no zod, so the pages' own code may import
 * them.
 */
export const INDUSTRY_ICON_NAMES = [
  "utensils-crossed",
  "stethoscope",
  "plane",
  "trophy",
  "ferris-wheel",
  "landmark",
  "truck",
  "shopping-bag",
  "wallet",
  "graduation-cap",
] as const;

/** The drawn scenes an industry page's hero may show (src/app/components/industry-scenes.ts). */
export const INDUSTRY_SCENE_NAMES = [
  "hospitality",
  "healthcare",
  "airports",
  "entertainment",
  "theme-parks",
  "government",
  "logistics",
  "retail",
  "finance",
  "education",
] as const;

export type IndustryIconName = (typeof INDUSTRY_ICON_NAMES)[number];
export type IndustrySceneName = (typeof INDUSTRY_SCENE_NAMES)[number];
