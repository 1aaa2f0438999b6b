import type { RevisionSummary } from "~/shared/revisions";
import { cn } from "~/app/lib/cn";
import { describeRevision, HISTORY_MESSAGES as M } from "./history-messages";

/** A subject's saved versions, newest first: who, when and what changed; one may be chosen to view. */
export function RevisionList({
  revisions,
  selected,
  onSelect,
  labels,
}: {
  revisions: readonly RevisionSummary[];
  selected?: number;
  onSelect: (id: number) => void;
  /** Field names as the list names them ("coverImage" -> "cover image"). */
  labels: Record<string, string>;
}) {
  if (revisions.length === 0) return <p className="text-sm text-slate-600">{M.empty}</p>;
  return (
    <ol aria-label={M.listLabel} className="divide-y divide-slate-200 self-start rounded-md border border-slate-200">
      {revisions.map((r) => (
        <li key={r.id}>
          <button
            type="button"
            aria-current={r.id === selected ? "true" : undefined}
            onClick={() => onSelect(r.id)}
            className={cn(
              "w-full px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-700",
              r.id === selected && "bg-blue-50",
            )}
          >
            <span className="block font-medium text-slate-900">
              #{r.id} · {r.by?.username ?? M.nobody}
            </span>
            <span className="block text-slate-600">{M.when(r.savedAt)}</span>
            <span className="block text-slate-700">{describeRevision(r, labels)}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
