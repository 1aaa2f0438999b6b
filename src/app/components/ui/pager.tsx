import { cn } from "~/app/lib/cn";
import { Button } from "./button";

const PAGER_MESSAGES = {
  pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
  previous: "Previous",
  next: "Next",
} as const;

/** Previous and Next buttons around "Page N of M" for an admin list; nothing when one page holds it all. */
export function Pager({
  label,
  page,
  pageCount,
  onStep,
  className,
}: {
  /** The navigation landmark's name, e.g. "Post pages". */
  label: string;
  page: number;
  pageCount: number;
  /** Moves one page back (-1) or on (+1) from the page the list asked for. */
  onStep: (step: -1 | 1) => void;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={cn("flex items-center justify-between gap-3", className)}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onStep(-1)}>
        {PAGER_MESSAGES.previous}
      </Button>
      <span className="text-sm text-slate-700">{PAGER_MESSAGES.pageOf(page, pageCount)}</span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onStep(1)}>
        {PAGER_MESSAGES.next}
      </Button>
    </nav>
  );
}
