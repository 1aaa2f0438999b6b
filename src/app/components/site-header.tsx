import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { INDUSTRIES } from "~/shared/industries";
import { IndustriesMenu } from "./industries-menu";
import { Logo } from "./logo";
import { SECTION_LINKS, industryPath } from "./nav-links";

const linkClass = "rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900";
const { about, technology, blog, contact } = SECTION_LINKS;

/** docs/product.md section 2: sticky; a link bar from the medium width up, a toggled stacked menu below it. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  const location = useLocation();
  useEffect(close, [location.pathname, location.hash]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Logo onNavigate={close} />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {[about, technology].map((l) => (
            <Link key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </Link>
          ))}
          <IndustriesMenu />
          {[blog, contact].map((l) => (
            <Link key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </Link>
          ))}
        </nav>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((v) => !v)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!menuOpen}
        className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
      >
        {/* Rendered only while open, like the Industries list: the toggle needs JavaScript anyway. */}
        {menuOpen && (
          <ul className="flex flex-col py-2">
            {[about, technology].map((l) => (
              <li key={l.to}>
                <Link to={l.to} onClick={close} className={`block ${linkClass}`}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Industries</p>
              <ul>
                {INDUSTRIES.map((industry) => (
                  <li key={industry.id}>
                    <Link to={industryPath(industry.id)} onClick={close} className={`block pl-6 ${linkClass}`}>
                      {industry.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
            {[blog, contact].map((l) => (
              <li key={l.to}>
                <Link to={l.to} onClick={close} className={`block ${linkClass}`}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </header>
  );
}
