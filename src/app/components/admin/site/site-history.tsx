import { diffWords } from "diff";
import { useCallback, useEffect, useState } from "react";
import { api } from "~/app/lib/api";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { ConfirmDialog } from "~/app/components/ui/confirm-dialog";
import { formatDateTime } from "~/shared/dates";
import type { SiteContent, SiteRevisionSummary } from "~/shared/site-content";
import { SITE_TAB_MESSAGES as M } from "./site-messages";

type Detail = { revision: SiteRevisionSummary & { content: SiteContent }; previous: SiteContent | null };

/** Every text of the content by its path, for listing what a revision changed. */
function leaves(value: unknown, path = "", out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) leaves(child, path ? `${path}.${key}` : key, out);
  } else out.set(path, String(value));
  return out;
}

/** Industries by their key, with their place: a reordering reads as moved places, not as every text changed. */
const byKey = (content: SiteContent | null) =>
  content && {
    ...content,
    industries: Object.fromEntries(content.industries.map((industry, place) => [industry.key, { ...industry, place }])),
  };

/** The fields a revision changed from the one before it, each as words removed and added. */
function Differences({ detail }: { detail: Detail }) {
  const before = leaves(byKey(detail.previous) ?? {});
  const after = leaves(byKey(detail.revision.content));
  const paths = [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p));
  if (paths.length === 0) return <p className="text-sm text-slate-600">{M.noChanges}</p>;
  return (
    <dl className="space-y-3 text-sm">
      {paths.map((path) => (
        <div key={path}>
          <dt className="font-mono text-xs text-slate-600">{path}</dt>
          <dd className="mt-1 rounded bg-slate-50 p-2">
            {diffWords(before.get(path) ?? "", after.get(path) ?? "").map((part, i) =>
              part.added ? (
                <ins key={i} className="bg-emerald-100 text-emerald-900 no-underline">
                  {part.value}
                </ins>
              ) : part.removed ? (
                <del key={i} className="bg-red-100 text-red-900">
                  {part.value}
                </del>
              ) : (
                <span key={i}>{part.value}</span>
              ),
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Every publish, newest first: who and when, what it changed, and a way back to it. */
export function SiteHistory({ version, onRestored }: { version: number; onRestored: () => void }) {
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
              <span className="font-semibold text-slate-900">{M.revision(r.id)}</span>
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
                  aria-expanded={shown?.revision.id === r.id}
                  onClick={async () =>
                    setShown(
                      shown?.revision.id === r.id ? null : await api.get<Detail>(`/api/admin/site/revisions/${r.id}`),
                    )
                  }
                >
                  {shown?.revision.id === r.id ? M.hideChanges : M.showChanges}
                </Button>
                <Button type="button" variant="secondary" size="sm" onClick={() => setRestoring(r.id)}>
                  {M.restore}
                </Button>
              </span>
            </div>
            {shown?.revision.id === r.id && (
              <div className="mt-4">
                <Differences detail={shown} />
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
