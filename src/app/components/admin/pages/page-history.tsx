import { useCallback, useEffect, useState } from "react";
import { api } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { HISTORY_MESSAGES } from "~/app/components/history/history-messages";
import { RevisionList } from "~/app/components/history/revision-list";
import { TextDiff } from "~/app/components/history/text-diff";
import type { BlockChange } from "~/shared/block-diff";
import type { BlockType } from "~/shared/blocks";
import { BLOCK_NAMES } from "~/shared/blocks/block-names";
import { PAGE_EDITOR_MESSAGES as M } from "~/shared/page-editor";
import type { CmsPage } from "~/shared/pages";
import type { RevisionSummary } from "~/shared/revisions";

/** A page's fields as the History names them. */
const PAGE_FIELD_LABELS: Record<string, string> = {
  title: "title",
  path: "path",
  blocks: "blocks",
  published: "published",
  metaTitle: "meta title",
  metaDescription: "meta description",
  socialImage: "social image",
  canonicalUrl: "canonical URL",
  noindex: "hidden from search engines",
  publishAt: "publish at",
  authors: "authors",
};

type Detail = RevisionSummary & { blockChanges: BlockChange[] };

const typeName = (type: string) => BLOCK_NAMES[type as BlockType]?.name ?? type;

/**
 * The page's saved versions (GET /api/cms/pages/{id}/revisions): who saved each and what it
 * changed, the blocks it added, removed, moved or changed with their words, and Restore, which
 * saves that version as a new one (its blocks come back as they were).
 */
export function PageHistory({
  pageId,
  version,
  onRestored,
}: {
  pageId: number;
  /** The page's update time: a save or a publish lists the history again. */
  version: string;
  onRestored: (page: CmsPage) => void;
}) {
  const [revisions, setRevisions] = useState<RevisionSummary[]>();
  const [viewing, setViewing] = useState<Detail>();
  const [busy, setBusy] = useState(false);
  const base = `/api/cms/pages/${pageId}/revisions`;

  const load = useCallback(async () => {
    try {
      setRevisions(await api.get<RevisionSummary[]>(base));
    } catch (error) {
      toast({ title: HISTORY_MESSAGES.loadFailed, description: (error as Error).message, variant: "destructive" });
    }
  }, [base]);

  useEffect(() => {
    void load();
  }, [load, version]);

  const open = async (id: number) => {
    try {
      setViewing(await api.get<Detail>(`${base}/${id}`));
    } catch (error) {
      toast({ title: HISTORY_MESSAGES.openFailed, description: (error as Error).message, variant: "destructive" });
    }
  };

  const restore = async () => {
    if (!viewing) return;
    setBusy(true);
    try {
      const page = await api.post<CmsPage>(`${base}/${viewing.id}/restore`);
      toast(M.restored);
      setViewing(undefined);
      onRestored(page);
    } catch (error) {
      toast({ title: HISTORY_MESSAGES.restoreFailed, description: (error as Error).message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="page-history-heading"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id="page-history-heading" className="font-semibold text-slate-900">
            {M.history}
          </h3>
          <p className="text-sm text-slate-600">{M.historyHint}</p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => void load()}>
          {HISTORY_MESSAGES.refresh}
        </Button>
      </div>
      {revisions === undefined ? (
        <p className="text-sm text-slate-600">{HISTORY_MESSAGES.loading}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
          <RevisionList
            revisions={revisions}
            selected={viewing?.id}
            onSelect={(id) => void open(id)}
            labels={PAGE_FIELD_LABELS}
          />
          {viewing && (
            <div className="min-w-0 space-y-3">
              <h4 className="text-sm font-semibold text-slate-900">{M.historyChanges(viewing.id)}</h4>
              {viewing.blockChanges.length === 0 ? (
                <p className="text-sm text-slate-600">{M.noBlockChanges}</p>
              ) : (
                <ul className="space-y-1 text-sm text-slate-800">
                  {viewing.blockChanges.map((change) => (
                    <li key={`${change.id}-${change.change}`}>
                      <span className="font-medium">{typeName(change.type)}</span> ({change.id}):{" "}
                      {M.change[change.change]}
                      {change.words && <TextDiff parts={change.words} className="mt-1 rounded bg-slate-50 p-2" />}
                    </li>
                  ))}
                </ul>
              )}
              <ConfirmButton
                type="button"
                title={M.restoreTitle}
                description={M.restoreText}
                confirmLabel={M.restore}
                onConfirm={() => void restore()}
                disabled={busy}
              >
                {M.restore}
              </ConfirmButton>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
