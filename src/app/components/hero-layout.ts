/**
 * The classes of a page's opening, shared by the home page's hero and the hero block so the two
 * stay one design. On a phone the words are tight and the two buttons share a row, so the product
 * mock under them shows within the first screen (390 x 844).
 */
export const HERO = {
  band: "overflow-hidden pt-5 pb-12 sm:pt-20 sm:pb-16",
  gradient: "bg-gradient-to-b from-brand-50 via-white to-white",
  grid: "mx-auto grid max-w-6xl items-center gap-5 sm:gap-8 lg:gap-12",
  twoColumns: "lg:grid-cols-[1.05fr_1fr]",
  badge: "inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-medium",
  headline:
    "mt-3 text-[2.125rem] leading-[1.1] font-extrabold tracking-tight text-balance sm:mt-5 sm:text-6xl sm:leading-none",
  lead: "mx-auto mt-3 max-w-2xl text-base sm:mt-6 sm:text-lg",
  buttons: "mt-5 flex flex-wrap justify-center gap-3 sm:mt-8",
} as const;
