import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundCard, NOT_FOUND } from "~/app/components/not-found-card";
import { pageMeta } from "~/app/lib/meta";

export const meta: Route.MetaFunction = () => pageMeta(NOT_FOUND.title, NOT_FOUND.hint);

/** Any unmatched path: the card, with HTTP 404 so crawlers and monitors see it too. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundCard />;
}
