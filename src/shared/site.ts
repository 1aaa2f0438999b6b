/**
 * Brand strings, tagline, outside links and home-page copy, in one place.
 * Isomorphic: no DOM and no Node APIs.
 */

export const SITE = {
  name: "QueueWise",
  tagline: "Intelligent Queuing for the Modern World",
  /** The blog feed's name, as feed readers list it. */
  feedTitle: "QueueWise Blog",
  description:
    "QueueWise builds intelligent, API-first queuing software that uses predictive analytics and real-time adjustment to cut waiting times for businesses and their customers.",
  sisterSite: { name: "DrinkQueue", url: "https://drinkqueue.app" },
  community: [
    { name: "Discord", url: "https://discord.gg/queuewise" },
    { name: "X", url: "https://x.com/queuewise" },
    { name: "Reddit", url: "https://www.reddit.com/r/queuewise" },
    { name: "Telegram", url: "https://t.me/queuewise" },
  ],
} as const;

/**
 * Where a post's call to action leads: the home page's contact form. Here, not beside the site
 * content's schema, so the public pages that link to it load no zod.
 */
export const POST_CALL_TO_ACTION_HREF = "/#contact";

/** The footer's copyright line for `holder`, for the year of the given date (the current one when rendered). */
export function copyrightLine(holder: string = SITE.name, now: Date = new Date()): string {
  // A holder that ends in a full stop ("QueueWise Inc.") gets no second one.
  return `© ${now.getUTCFullYear()} ${holder.replace(/\.$/, "")}. All rights reserved.`;
}
