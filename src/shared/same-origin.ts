/**
 * Whether a browser sent a write from another site, so a signed-in user's cookie cannot be used
 * by a page elsewhere (docs/architecture.md section 5). Browsers say where a request came from:
 * Sec-Fetch-Site (modern browsers) or Origin. A request with neither comes from a script or curl,
 * which carries no one else's cookies. Shared by /api's requireSameOrigin and the admin route actions.
 */
export function isCrossSite(
  headers: { secFetchSite: string | null | undefined; origin: string | null | undefined },
  ownOrigin: string,
): boolean {
  const site = headers.secFetchSite;
  if (site) return site !== "same-origin" && site !== "none";
  return Boolean(headers.origin) && headers.origin !== ownOrigin;
}
