import type { View } from "./tally";

/**
 * A visitor's visit of the day, held in memory with the day's visitors and gone with them at
 * midnight (docs/decisions/190-leads-credited-to-the-visit.md): where it began and the posts read
 * since, so a contact message sent later from any page is credited to them.
 */
export type Visit = {
  /** The page key the visit began on. */
  landing: string;
  /** The other site's host it came from, "" for none. */
  referrer: string;
  /** campaignKey of its UTM values, "" for none. */
  campaign: string;
  /** The page keys of the posts read today, in the order first read. */
  posts: string[];
};

/** Posts a visit remembers at most: a reader, or a crawler, reading every post cannot grow the memory. */
export const MAX_POSTS_READ = 50;

const POST_PAGE = /^\/blog\/[^/?]+$/;

/**
 * The visit after `view`: the first view of the day begins one; a view that arrives from
 * another site or with a campaign other than the visit's begins a new one (a later return from
 * a newsletter is that newsletter's); a move within the site or a direct view keeps it.
 */
export function visitAfter(visit: Visit | undefined, view: View): Visit {
  const fromElsewhere = view.referrer !== undefined && view.referrer !== "";
  const newCampaign = view.campaign !== "" && view.campaign !== visit?.campaign;
  let next = visit;
  if (!next || fromElsewhere || newCampaign) {
    next = { landing: view.page, referrer: view.referrer ?? "", campaign: view.campaign, posts: next?.posts ?? [] };
  }
  if (POST_PAGE.test(view.page) && next.posts.length < MAX_POSTS_READ && !next.posts.includes(view.page)) {
    next.posts.push(view.page);
  }
  return next;
}
