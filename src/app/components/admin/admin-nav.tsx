import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/app/lib/cn";
import type { SessionUser } from "~/shared/users";
import {
  ADMIN_NAV_MESSAGES as M,
  ADMIN_SCREENS,
  ADMIN_TOOLS,
  currentScreenPath,
  showsTools,
  type AdminNavData,
} from "./admin-nav-items";

const linkClasses = (current: boolean) =>
  cn(
    "block rounded-md px-3 py-2 text-sm font-medium",
    current ? "bg-brand-100 text-brand-900" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );

/**
 * The admin's navigation (docs/cms-guide.md): a sidebar from 768 px, a Menu button that discloses
 * the same list on a phone. Every entry is a link to its screen's address; the current one says so
 * with aria-current. The menu closes when a screen is chosen, and Escape closes it where it is.
 */
export function AdminNav({ user, nav }: { user: SessionUser; nav: AdminNavData }) {
  const { pathname } = useLocation();
  const current = currentScreenPath(pathname);
  // The menu is open on the address it was opened at, so Back and Forward close it too; choosing a
  // screen closes it at the tap, even the current screen's link, which moves nowhere.
  const [openAt, setOpenAt] = useState<string>();
  const open = openAt === pathname;
  const button = useRef<HTMLButtonElement>(null);
  const close = () => setOpenAt(undefined);

  const screens = ADMIN_SCREENS.filter((s) => s.shows(user.role, nav));
  const currentLabel = screens.find((s) => s.path === current)?.label(nav);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      button.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <nav aria-label={M.label} className="lg:sticky lg:top-4 lg:self-start">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="admin-nav-list"
        onClick={() => setOpenAt(open ? undefined : pathname)}
        className="flex w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 md:hidden"
      >
        <span>
          {M.menu}
          {currentLabel && <span className="font-normal text-slate-600"> · {currentLabel}</span>}
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d={open ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"} />
        </svg>
      </button>
      <div
        id="admin-nav-list"
        className={cn("rounded-md border border-slate-200 bg-white p-2 md:block", open ? "mt-2 block" : "hidden")}
      >
        <ul className="space-y-1">
          {screens.map((screen) => (
            <li key={screen.path}>
              <Link
                to={screen.path}
                aria-current={screen.path === current ? "page" : undefined}
                onClick={close}
                className={linkClasses(screen.path === current)}
              >
                {screen.label(nav)}
              </Link>
            </li>
          ))}
        </ul>
        {showsTools(user.role) && (
          <>
            <h2
              id="admin-nav-tools"
              className="mt-4 border-t border-slate-200 px-3 pt-4 text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              {M.tools}
            </h2>
            <ul aria-labelledby="admin-nav-tools" className="mt-1 space-y-1">
              {ADMIN_TOOLS.map((tool) => (
                <li key={tool.path}>
                  <Link to={tool.path} onClick={close} className={linkClasses(false)}>
                    {tool.label}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </nav>
  );
}
