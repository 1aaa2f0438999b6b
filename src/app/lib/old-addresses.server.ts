import type { AppContext } from "~/server/context";
import { findRedirect } from "~/server/redirects/find-redirect";

/**
 * Where an address the site has no page for leads, when it is an old one
 * (docs/decisions/251-old-addresses-kept-as-redirects.md); asked by the not-found route only, so a
 * page that exists never pays for it.
 */
export function oldAddressTarget(request: Request, context: Pick<AppContext, "store">): Promise<string | undefined> {
  const url = new URL(request.url);
  return findRedirect(context.store, url.pathname, url.searchParams);
}
