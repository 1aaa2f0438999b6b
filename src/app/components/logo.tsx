import { Link } from "react-router";
import { SITE } from "~/shared/site";
import { cn } from "~/app/lib/cn";

export function Logo({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <Link to="/" onClick={onNavigate} className={cn("flex items-center gap-2 font-bold text-slate-900", className)}>
      <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
      <span className="text-lg">{SITE.name}</span>
    </Link>
  );
}
