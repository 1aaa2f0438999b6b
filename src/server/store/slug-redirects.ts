import type { SlugRedirect } from "./types";

/**
 * Old slugs that keep answering, for tags and posts alike: each points at a record id, so a record
 * renamed twice leads from either old slug straight to its current one (a -> b -> c sends a to c
 * in one hop). A slug a live record holds again needs no redirect (the new holder takes it over);
 * one pointing at a removed record is dropped.
 */
export function redirectsAfter(
  current: readonly SlugRedirect[] | undefined,
  add: readonly SlugRedirect[],
  isLive: (slug: string) => boolean,
  isGone: (id: number) => boolean = () => false,
): SlugRedirect[] {
  const kept = (current ?? []).filter((r) => !isLive(r.from) && !isGone(r.to) && !add.some((a) => a.from === r.from));
  return [...kept, ...add.filter((a) => !isLive(a.from))];
}

/** The id an old slug leads to, if any; callers check first that no live record holds the slug. */
export const redirectTarget = (redirects: readonly SlugRedirect[] | undefined, slug: string): number | undefined =>
  redirects?.find((r) => r.from === slug)?.to;
