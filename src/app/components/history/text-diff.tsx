import type { DiffPart } from "~/shared/content-diff";

/**
 * Words of two versions in one run of text: struck through when only the older has them,
 * underlined when only the newer does. `<del>` and `<ins>` carry the meaning for assistive
 * technology; the colours alone never do (WCAG 1.4.1).
 */
export function TextDiff({ parts, className }: { parts: readonly DiffPart[]; className?: string }) {
  return (
    <p className={`whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800 ${className ?? ""}`}>
      {parts.map((part, i) =>
        part.change === "added" ? (
          <ins key={i} className="bg-emerald-50 text-emerald-900 underline decoration-2">
            {part.value}
          </ins>
        ) : part.change === "removed" ? (
          <del key={i} className="bg-red-50 text-red-800 line-through">
            {part.value}
          </del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  );
}
