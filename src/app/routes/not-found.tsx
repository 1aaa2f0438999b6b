import { data, redirect } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundCard, notFoundMeta } from "~/app/components/not-found-card";
import { oldAddressTarget } from "~/app/lib/old-addresses.server";

export const meta: Route.MetaFunction = notFoundMeta;

/**
 * Any unmatched path: an old address (docs/decisions/251-old-addresses-kept-as-redirects.md) answers
 * 301 to its new one; anything else the card, with HTTP 404 so crawlers and monitors see it too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const target = await oldAddressTarget(request, context);
  if (target) return redirect(target, 301);
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundCard />;
}
