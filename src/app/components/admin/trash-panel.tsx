import { useCallback, useEffect, useState } from "react";
import type { TrashedPostSummary } from "~/shared/revisions";
import { formatDateTime } from "~/shared/dates";
import { api } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";

export const UNDO_LABEL = "Undo";

export const TRASH_MESSAGES = {
  tab: "Trash",
  title: "Trash",
  hint: "Deleted posts wait here, off the site, until the date shown; their addresses stay reserved until then.",
  loading: "Loading the trash...",
  empty: "The trash is empty.",
  loadFailed: "The trash could not be loaded",
  deletedBy: (who: string | undefined, at: string) => `Deleted ${who ? `by ${who} ` : ""}on ${formatDateTime(at)}`,
  expires: (at: string) => `Deleted for good on ${formatDateTime(at)}`,
  restore: "Restore",
  restored: { title: "Post restored", description: "It is back where it was, as it was." },
  restoreFailed: "The post could not be restored",
  deleteForGood: "Delete for good",
  confirmTitle: "Delete this post for good?",
  confirmText: (title: string) => `"${title}" and its history are removed for good. This cannot be undone.`,
  deletedForGood: { title: "Post deleted for good" },
  deleteFailed: "The post could not be deleted",
} as const;

/** Takes a post out of the trash; shared by the Trash view and the delete toast's Undo. */
export async function untrash(id: number): Promise<boolean> {
  try {
    await api.post(`/api/cms/trash/${id}/restore`);
    toast(TRASH_MESSAGES.restored);
    return true;
  } catch (error) {
    toast({ title: TRASH_MESSAGES.restoreFailed, description: (error as Error).message, variant: "destructive" });
    return false;
  }
}

/** A delete toast's Undo: the post comes back from the Trash, then `reload` shows it. */
export const undoAction = (id: number, reload: () => unknown) => ({
  label: UNDO_LABEL,
  onClick: () => void untrash(id).then((back) => back && reload()),
});

/** The admins' Trash tab: deleted posts, newest first, each restored or deleted for good. */
export function TrashPanel({ onRestored }: { onRestored: () => void }) {
  const [items, setItems] = useState<TrashedPostSummary[] | undefined>();

  const load = useCallback(async () => {
    try {
      setItems(await api.get<TrashedPostSummary[]>("/api/cms/trash"));
    } catch (error) {
      toast({ title: TRASH_MESSAGES.loadFailed, description: (error as Error).message, variant: "destructive" });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const restore = async (item: TrashedPostSummary) => {
    if (!(await untrash(item.id))) return;
    onRestored();
    void load();
  };

  const remove = async (item: TrashedPostSummary) => {
    try {
      await api.delete(`/api/cms/trash/${item.id}`);
      toast(TRASH_MESSAGES.deletedForGood);
      void load();
    } catch (error) {
      toast({ title: TRASH_MESSAGES.deleteFailed, description: (error as Error).message, variant: "destructive" });
    }
  };

  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{TRASH_MESSAGES.title}</h2>
        <p className="mt-1 text-sm text-slate-600">{TRASH_MESSAGES.hint}</p>
      </div>
      {items === undefined ? (
        <p className="text-sm text-slate-600">{TRASH_MESSAGES.loading}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{TRASH_MESSAGES.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words text-slate-900">{item.title}</p>
                <p className="break-all text-slate-600">/blog/{item.slug}</p>
                <p className="text-slate-600">{TRASH_MESSAGES.deletedBy(item.deletedBy?.username, item.deletedAt)}</p>
                <p className="text-slate-600">{TRASH_MESSAGES.expires(item.expiresAt)}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button variant="outline" size="sm" onClick={() => void restore(item)}>
                  {TRASH_MESSAGES.restore}
                </Button>
                <ConfirmButton
                  variant="destructive"
                  size="sm"
                  title={TRASH_MESSAGES.confirmTitle}
                  description={TRASH_MESSAGES.confirmText(item.title)}
                  confirmLabel={TRASH_MESSAGES.deleteForGood}
                  onConfirm={() => void remove(item)}
                >
                  {TRASH_MESSAGES.deleteForGood}
                </ConfirmButton>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
