import { isRouteErrorResponse } from "react-router";
import { pageMeta } from "~/app/lib/meta";
import { NOT_FOUND, NotFoundCard } from "./not-found-card";
import { CenteredCard } from "./ui/card";

export const ROUTE_ERROR = {
  title: "Something went wrong",
  text: (status: number) => `The page could not be shown (error ${status}). Please try again in a moment.`,
} as const;

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && (error.status === 404 || error.status === 410);

/** The title and description of the page RouteError shows. */
export const errorMeta = (error: unknown) =>
  isNotFound(error) ? pageMeta(NOT_FOUND.title, NOT_FOUND.hint) : pageMeta(ROUTE_ERROR.title, ROUTE_ERROR.text(500));

/**
 * The one error view every boundary renders (docs/architecture.md section 7): 404s, and 410s for
 * an industry taken off the site, get the not-found card.
 */
export function RouteError({ error }: { error: unknown }) {
  if (isNotFound(error)) return <NotFoundCard />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <CenteredCard>
      <h1 className="text-2xl font-bold text-slate-900">{ROUTE_ERROR.title}</h1>
      <p className="mt-4 text-sm text-slate-600">{ROUTE_ERROR.text(status)}</p>
    </CenteredCard>
  );
}
