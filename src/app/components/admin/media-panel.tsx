import { useCallback, useEffect, useState } from "react";
import { MEDIA_MESSAGES, type MediaItem } from "~/shared/media";
import { formatDateTime } from "~/shared/dates";
import { api, ApiError } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { Card } from "~/app/components/ui/card";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { plural } from "~/shared/plural";

export const MEDIA_PANEL_MESSAGES = {
  title: "Media",
  hint: "Images uploaded for covers and posts. An image a post or a kept backup still uses cannot be deleted.",
  loading: "Loading images...",
  empty: "No images uploaded yet. Use Upload beside the cover field, or paste or drop an image into the editor.",
  loadFailed: "The images could not be loaded",
  notUsed: "Not used by any post",
  inBackups: (n: number) => `in ${plural(n, "kept backup")}`,
  deleteFailed: "Delete Failed",
  confirmTitle: "Delete this image?",
  confirmText: "It is removed from the data folder for good. No post or kept backup uses it.",
} as const;

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The admin Media tab: every upload with its thumbnail, size and where it is used; delete an unused one. */
export function MediaPanel() {
  const [items, setItems] = useState<MediaItem[] | undefined>();
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setItems((await api.get<{ media: MediaItem[] }>("/api/cms/media")).media);
    } catch (error) {
      toast({
        title: MEDIA_PANEL_MESSAGES.loadFailed,
        description: error instanceof Error ? error.message : undefined,
        variant: "destructive",
      });
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (item: MediaItem) => {
    try {
      await api.delete(`/api/cms/media/${item.name}`);
      toast({ title: MEDIA_MESSAGES.deleted });
      void load();
    } catch (error) {
      const status = error instanceof ApiError ? ` (${error.status})` : "";
      toast({
        title: `${MEDIA_PANEL_MESSAGES.deleteFailed}${status}`,
        description: error instanceof Error ? error.message : undefined,
        variant: "destructive",
      });
    }
  };

  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{MEDIA_PANEL_MESSAGES.title}</h2>
      <p className="mt-1 text-sm text-slate-600">{MEDIA_PANEL_MESSAGES.hint}</p>
      <div className="mt-6" aria-busy={loading}>
        {!items ? (
          <p className="text-slate-600">{loading ? MEDIA_PANEL_MESSAGES.loading : MEDIA_PANEL_MESSAGES.loadFailed}</p>
        ) : items.length === 0 ? (
          <p className="text-slate-600">{MEDIA_PANEL_MESSAGES.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Images">
            {items.map((item) => {
              const used = item.usedBy.length > 0 || item.inBackups > 0;
              return (
                <li key={item.name} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
                  <a href={item.url} target="_blank" rel="noreferrer" className="shrink-0">
                    <img
                      src={item.url}
                      alt={`Upload ${item.name.slice(0, 8)}`}
                      width={96}
                      height={64}
                      loading="lazy"
                      className="h-16 w-24 rounded border border-slate-200 bg-slate-50 object-cover"
                    />
                  </a>
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium text-slate-900">
                      {item.type.replace("image/", "").toUpperCase()} · {item.width}×{item.height} ·{" "}
                      {sizeOf(item.bytes)}
                    </p>
                    <p className="text-xs text-slate-600">{formatDateTime(item.createdAt)}</p>
                    <p className="mt-1 text-slate-700">
                      {item.usedBy.length ? item.usedBy.map((p) => p.title).join(", ") : MEDIA_PANEL_MESSAGES.notUsed}
                      {item.inBackups > 0 && `, ${MEDIA_PANEL_MESSAGES.inBackups(item.inBackups)}`}
                    </p>
                  </div>
                  <ConfirmButton
                    variant="destructive"
                    size="sm"
                    disabled={used}
                    aria-label={`Delete image ${item.name.slice(0, 8)}`}
                    title={MEDIA_PANEL_MESSAGES.confirmTitle}
                    description={MEDIA_PANEL_MESSAGES.confirmText}
                    confirmLabel="Delete"
                    onConfirm={() => void remove(item)}
                  >
                    Delete
                  </ConfirmButton>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
