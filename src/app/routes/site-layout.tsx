import { Outlet } from "react-router";
import type { Route } from "./+types/site-layout";
import { RouteError } from "~/app/components/route-error";
import { SiteFooter } from "~/app/components/site-footer";
import { SiteHeader } from "~/app/components/site-header";

/** Header on top, footer at the bottom: every route but the six bare utility pages (docs/product.md section 2). */
export default function SiteLayout() {
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Chrome>
      <RouteError error={error} />
    </Chrome>
  );
}

function Chrome({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
