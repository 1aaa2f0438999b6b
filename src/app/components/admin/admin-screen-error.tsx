import { isRouteErrorResponse, Link } from "react-router";
import { RouteError } from "~/app/components/route-error";
import { buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { ADMIN_NAV_MESSAGES as M } from "./admin-nav-items";

/**
 * Every admin screen's error boundary: rendered inside the admin layout, so the navigation stays.
 * A 403 is the refusal page (a role the permission table keeps out, a contributor at another's
 * post), a 404 an unknown post or message; anything else is the site's own error view.
 */
export function AdminScreenError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  if (status !== 403 && status !== 404) return <RouteError error={error} />;
  return (
    <Card role="alert">
      <h2 className="text-xl font-semibold text-slate-900">{status === 403 ? M.refusedTitle : M.notFoundTitle}</h2>
      <p className="mt-2 text-slate-600">{status === 403 ? M.refusedText : M.notFoundText}</p>
      <Link to="/admin/posts" className={buttonClasses({ variant: "outline" }, "mt-6")}>
        {M.backToPosts}
      </Link>
    </Card>
  );
}
