import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?inline";
import { RouteError } from "./components/route-error";
import { Toaster } from "./components/ui/toaster";
import { SITE_FONT_FACE, SITE_FONT_URL } from "./lib/site-font";
import { SITE } from "~/shared/site";

/**
 * The site's stylesheet (about 8 KB gzip) goes inline in the server's HTML rather than as a
 * render-blocking file: a phone paints the first screen one round trip sooner
 * (docs/decisions/030-inline-stylesheet.md). The browser bundle leaves it out (the
 * condition is a build-time constant, so the string is dropped), renders an empty element, and
 * hydration keeps the server's text: React does not patch the inner HTML of an element it hydrates.
 */
const APP_CSS = import.meta.env.SSR ? SITE_FONT_FACE + appCss : "";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Fetched with the HTML rather than once the stylesheet is read, so the text is redrawn in Inter
  // before a reader starts reading. Fonts are fetched in CORS mode, so the preload must be too.
  { rel: "preload", href: SITE_FONT_URL, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  // Feed readers find the blog's feed from any page of the site.
  { rel: "alternate", type: "application/rss+xml", title: SITE.feedTitle, href: "/rss.xml" },
];

/** A route's `handle` naming the element after its main content, for the first-paint hint below. */
export type FirstPaintHandle = { paintAfter: string };

const paintAfterOf = (handle: unknown) =>
  typeof handle === "object" && handle !== null && "paintAfter" in handle
    ? (handle as FirstPaintHandle).paintAfter
    : undefined;

/** The document shell (docs/architecture.md section 3): every page, with or without the site chrome. */
export function Layout({ children }: { children: React.ReactNode }) {
  const paintAfter = useMatches()
    .map((match) => paintAfterOf(match.handle))
    .find(Boolean);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* Paint once the page's main content is parsed, not a half-parsed first screen whose
            boxes then grow (docs/decisions/032-javascript-after-first-paint.md). Chromium unblocks
            when the named element is inserted, so the name is the footer's, which comes after
            </main> (docs/decisions/034-stagger-in-keyframes.md). Only pages with the footer (the
            site layout's handle) carry it: Chromium warns in the console about a named element
            the page never has. The others paint when parsing ends. Browsers without rel=expect
            ignore it. */}
        {paintAfter && <link rel="expect" href={`#${paintAfter}`} blocking="render" />}
        <style id="app-css" dangerouslySetInnerHTML={{ __html: APP_CSS }} suppressHydrationWarning />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        {children}
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page interactive: styles and browser tests can tell server HTML from a live app.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main>
      <RouteError error={error} />
    </main>
  );
}
