import type { AppContext } from "~/server/context";

/**
 * Where an address the site has no page for leads, when it is an old one
 * (docs/decisions/251-old-addresses-kept-as-redirects.md); asked by the not-found route only, so a
 * page that exists never pays for it. Through the load context, as every loader reaches src/server.
 */
export function oldAddressTarget(
  request: Request,
  context: Pick<AppContext, "oldAddresses">,
): Promise<string | undefined> {
  const url = new URL(request.url);
  return context.oldAddresses.target(url.pathname, url.searchParams);
}
