import { Link } from "react-router";
import { SITE } from "~/shared/site";
import { cn } from "~/app/lib/cn";

/**
 * The mark is drawn inline (the same shapes as public/logo.svg, which feeds and structured data
 * still name): no image request, and no image preload that React would put in every page's head
 * (docs/decisions/032-javascript-after-first-paint.md).
 */
export function Logo({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <Link to="/" onClick={onNavigate} className={cn("flex items-center gap-2 font-bold text-slate-900", className)}>
      <svg viewBox="0 0 64 64" width={32} height={32} className="h-8 w-8" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#4338ca" />
        <circle cx="16" cy="32" r="6" fill="#c7d2fe" />
        <circle cx="32" cy="32" r="6" fill="#a5b4fc" />
        <circle cx="48" cy="32" r="7" fill="#fff" />
        <path d="M12 46h40" stroke="#c7d2fe" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="text-lg">{SITE.name}</span>
    </Link>
  );
}
