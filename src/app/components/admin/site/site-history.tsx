import { useCallback, useEffect, useState } from "react";
import { api } from "~/app/lib/api";
import { RevisionDiff, type DiffField } from "~/app/components/history/revision-diff";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { ConfirmDialog } from "~/app/components/ui/confirm-dialog";
import { formatDateTime } from "~/shared/dates";
import type { SiteContent, SiteRevisionSummary } from "~/shared/site-content";
import { SITE_TAB_MESSAGES as M } from "./site-messages";

type Detail = SiteRevisionSummary & { content: SiteContent };

/** Every text of the content by its path, for listing what a revision changed. */
function leaves(value: unknown, path = "", out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) leaves(child, path ? `${path}.${key}` : key, out);
  } else out.set(path, String(value));
  return out;
}

/** Industries by their key, with their place: a reordering reads as moved places, not as every text changed. */
const byKey = (content: SiteContent) => ({
  ...content,
  industries: Object.fromEntries(content.industries.map((industry, place) => [industry.key, { ...industry, place }])),
});

/**
 * How a revision's texts differ from the published ones, word by word, in the post History's view
 * of differences (src/app/components/history/revision-diff.tsx), each named by its path: what a
 * restore of it would change.
 */
function Differences({ detail, published }: { detail: Detail; published: SiteContent }) {
  const before = leaves(byKey(detail.content));
  const after = leaves(byKey(published));
  const fields = [...new Set([...before.keys(), ...after.keys()])].map((path): DiffField => ({
    name: path,
    label: path,
    kind: "text",
    before: before.get(path) ?? "",
    after: after.get(path) ?? "",
  }));
  return <RevisionDiff fields={fields} />;
}

/** Every publish, newest first: who and when, what it changed, and a way back to it. */
export function SiteHistory({
  published,
  version,
  onRestored,
}: {
  published: SiteContent;
  version: number;
  onRestored: () => void;
}) {
  const [revisions, setRevisions] = useState<SiteRevisionSummary[] | null>(null);
  const [shown, setShown] = useState<Detail | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const load = useCallback(() => api.get<SiteRevisionSummary[]>("/api/admin/site/revisions").then(setRevisions), []);
  useEffect(() => {
    void load();
  }, [load, version]);

  if (!revisions) return <p className="text-sm text-slate-600">{M.loading}</p>;
  if (revisions.length === 0) return <p className="text-sm text-slate-600">{M.historyEmpty}</p>;
  return (
    <>
      <ol className="space-y-3">
        {revisions.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-center gap-3">
              <h3 className="font-semibold text-slate-900">{M.revision(r.id)}</h3>
              <span className="text-sm text-slate-600">
                {formatDateTime(r.createdAt)} · {r.createdBy || M.builtIn}
                {r.restoredFrom !== undefined && ` · ${M.restoredFrom(r.restoredFrom)}`}
              </span>
              {r.sections.map((s) => (
                <Badge key={s} tone="muted">
                  {M.sections[s]}
                </Badge>
              ))}
              <span className="ml-auto flex gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-expanded={shown?.id === r.id}
                  onClick={async () =>
                    setShown(shown?.id === r.id ? null : await api.get<Detail>(`/api/admin/site/revisions/${r.id}`))
                  }
                >
                  {shown?.id === r.id ? M.hideChanges : M.showChanges}
                </Button>
                <Button type="button" variant="secondary" size="sm" onClick={() => setRestoring(r.id)}>
                  {M.restore}
                </Button>
              </span>
            </div>
            {shown?.id === r.id && (
              <div className="mt-4">
                <Differences detail={shown} published={published} />
              </div>
            )}
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(o) => !o && setRestoring(null)}
        title={M.restoreTitle(restoring ?? 0)}
        description={M.restoreText}
        confirmLabel={M.restore}
        onConfirm={async () => {
          if (restoring === null) return;
          await api.post(`/api/admin/site/revisions/${restoring}/restore`);
          setRestoring(null);
          onRestored();
        }}
      />
    </>
  );
}
