import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/site-layout";
import { PreviewBar } from "~/app/components/preview-bar";
import { SITE_FOOTER_ID, SiteFooter } from "~/app/components/site-footer";
import { SiteHeader } from "~/app/components/site-header";
import { errorMeta, RouteError } from "~/app/components/route-error";
import { chromeOf, useSiteChrome } from "~/app/lib/site-chrome";
import type { FirstPaintHandle } from "~/app/root";
import { asksForPreview } from "~/shared/preview";

/** Every page with the chrome paints once its footer is parsed (src/app/root.tsx). */
export const handle: FirstPaintHandle = { paintAfter: SITE_FOOTER_ID };

/**
 * A page whose loader failed is shown by this layout's boundary, whose title is then the page's:
 * the 404 card's for an unknown address (an industry that does not exist), not none.
 */
export const meta: Route.MetaFunction = ({ error }) => (error === undefined ? [] : errorMeta(error));

/** The header's and footer's share of the site's content (docs/product.md section 10), or an editor's draft of it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, preview, unpublished } = await context.site.forRequest(request);
  if (preview) context.framing.sameOrigin = true;
  // The bar only over a draft that differs: a post's preview alone is the post's bar.
  return { chrome: chromeOf(content, unpublished, await context.pages.publishedPaths()) };
}

/**
 * A page whose loader throws (an unknown industry's 404) is rendered by this layout's boundary, so
 * React Router takes the answer's headers from here: pass on what the page's loader threw with, its
 * topics for the page cache among them.
 */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

/** The chrome changes only with a publish, so moving between pages does not ask for it again. */
export const shouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  asksForPreview(currentUrl.searchParams) !== asksForPreview(nextUrl.searchParams) ||
  (defaultShouldRevalidate && currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search);

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
  const { preview } = useSiteChrome();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* Under the header, where it sticks (preview-bar.tsx). */}
      {preview && <PreviewBar site />}
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
