import { isRouteErrorResponse } from "react-router";
import { NotFoundCard } from "./not-found-card";
import { CenteredCard } from "./ui/card";

/**
 * The one error view every boundary renders (docs/architecture.md section 7): 404s, and 410s for
 * an industry taken off the site, get the not-found card.
 */
export function RouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 410)) return <NotFoundCard />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <CenteredCard>
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-4 text-sm text-slate-600">
        The page could not be shown (error {status}). Please try again in a moment.
      </p>
    </CenteredCard>
  );
}
