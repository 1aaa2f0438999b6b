import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useSiteChrome } from "~/app/lib/site-chrome";
import { IndustriesMenu } from "./industries-menu";
import { Logo } from "./logo";
import { SiteLink } from "./site-link";
import { INDUSTRIES_PATH, industryPath } from "./nav-links";
import { SEARCH_LINK_LABEL, SEARCH_PATH } from "~/shared/search-link";

const linkClass = "rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900";

/**
 * docs/product.md section 2: sticky; a link bar from the medium width up, a toggled stacked menu
 * below it. The menu is a `<details>`, so its button opens it before the page's JavaScript has run
 * (or without it); once hydrated, React follows its state to name the button and to close the
 * menu on every move (docs/decisions/078-sign-in-without-javascript.md). The links and their order
 * are the site's content (docs/product.md section 10); the one to /industries opens the industries:
 * a dropdown in the link bar, and in the stacked menu one row that unfolds them.
 */
export function SiteHeader() {
  const { links, industries } = useSiteChrome();
  const menu = useRef<HTMLDetailsElement>(null);
  // Read from the element once hydrated, as it may have been opened before.
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => {
    if (menu.current) menu.current.open = false;
  };
  const location = useLocation();
  // Closed when the page moves (the cleanup of the previous place), never on mount.
  useEffect(() => close, [location.pathname, location.hash]);
  useEffect(() => setMenuOpen(menu.current?.open ?? false), []);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Logo onNavigate={close} />
        <div className="flex items-center gap-1">
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {links.header.map((l) =>
              l.href === INDUSTRIES_PATH ? (
                <IndustriesMenu key={l.href} label={l.label} industries={industries} />
              ) : (
                <SiteLink key={l.href + l.label} href={l.href} className={linkClass}>
                  {l.label}
                </SiteLink>
              ),
            )}
          </nav>
          <SearchLink />
          <details ref={menu} className="group md:hidden" onToggle={(e) => setMenuOpen(e.currentTarget.open)}>
            <summary
              className="block cursor-pointer list-none rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-controls="mobile-menu"
              aria-label={menuOpen ? "Close menu" : "Open menu"}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path className="group-open:hidden" d="M4 7h16M4 12h16M4 17h16" />
                <path className="hidden group-open:inline" d="M6 6l12 12M18 6L6 18" />
              </svg>
            </summary>
            <nav
              id="mobile-menu"
              aria-label="Mobile"
              className="absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-b border-slate-200 bg-white px-4 pb-4"
            >
              <ul className="flex flex-col py-2">
                {links.header.map((l) =>
                  l.href === INDUSTRIES_PATH ? (
                    <li key={l.href}>
                      <IndustriesDisclosure label={l.label} industries={industries} onNavigate={close} />
                    </li>
                  ) : (
                    <MenuItem key={l.href + l.label} to={l.href} label={l.label} onNavigate={close} />
                  ),
                )}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

/**
 * The stacked menu's Industries: one row that unfolds the list, so the menu's other links stay in
 * the first screen of a phone. A `<details>` as the menu itself is: it opens without JavaScript,
 * by Enter or Space on its summary, and screen readers announce it as a button with its state
 * (docs/decisions/276-phone-first-screen.md). Its closed list is in the page, not taken out as the
 * link bar's dropdown is: the menu's list is rendered with the page either way.
 */
function IndustriesDisclosure({
  label,
  industries,
  onNavigate,
}: {
  label: string;
  industries: readonly { id: string; title: string }[];
  onNavigate: () => void;
}) {
  return (
    <details className="group/industries">
      <summary
        className={`flex cursor-pointer list-none items-center justify-between ${linkClass} [&::-webkit-details-marker]:hidden`}
      >
        {label}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-4 w-4 transition-transform group-open/industries:rotate-180"
        >
          <path d="M5 7l5 6 5-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      <ul className="mb-1 ml-3 border-l border-slate-200">
        {industries.map((industry) => (
          <li key={industry.id}>
            <Link to={industryPath(industry.id)} onClick={onNavigate} className={`block pl-4 ${linkClass}`}>
              {industry.title}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** One link of the mobile menu, which closes the menu as it navigates. */
function MenuItem({ to, label, onNavigate }: { to: string; label: string; onNavigate: () => void }) {
  return (
    <li>
      <SiteLink href={to} onClick={onNavigate} className={`block ${linkClass}`}>
        {label}
      </SiteLink>
    </li>
  );
}

/** The site search (docs/product.md section 11), beside the links at every width: not one of the editable links. */
function SearchLink() {
  return (
    <Link to={SEARCH_PATH} className={`flex items-center gap-2 ${linkClass}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-3.5-3.5" />
      </svg>
      <span className="sr-only md:not-sr-only">{SEARCH_LINK_LABEL}</span>
    </Link>
  );
}
