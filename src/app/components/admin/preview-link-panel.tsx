import { useState } from "react";
import { api } from "~/app/lib/api";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { PREVIEW_LINK_MESSAGES as M, previewLinksApiPath, type PreviewLink } from "~/shared/preview-links";
import { PanelCard } from "./panel-card";

/**
 * The editor's "Share preview link" (docs/decisions/181-shared-preview-links.md): makes a link
 * anyone may open for a week without an account, shows it with Copy and its expiry, and revokes
 * every link of the post. Shown only to whoever may edit the saved post; the server checks again.
 */
export function PreviewLinkPanel({ postId }: { postId: number }) {
  const [link, setLink] = useState<PreviewLink | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (job: () => Promise<void>, failed: string) => {
    setBusy(true);
    try {
      await job();
    } catch (error) {
      toast({ title: failed, description: (error as Error).message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    run(async () => setLink(await api.post<PreviewLink>(previewLinksApiPath(postId))), M.createFailed);
  const revoke = () =>
    run(async () => {
      await api.delete(previewLinksApiPath(postId));
      setLink(undefined);
      toast({ title: M.revoked });
    }, M.revokeFailed);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: M.copied });
    } catch {
      toast({ title: M.copyFailed, variant: "destructive" });
    }
  };

  return (
    <PanelCard className="space-y-4" id="preview-link-heading" heading={M.heading} intro={M.intro}>
      {link && (
        <div className="space-y-2">
          <label className="block text-sm font-medium text-slate-900" htmlFor="preview-link-url">
            {M.linkLabel}
          </label>
          <div className="flex gap-2">
            <input
              id="preview-link-url"
              readOnly
              value={link.url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
            />
            <Button type="button" variant="outline" onClick={() => void copy(link.url)}>
              {M.copy}
            </Button>
          </div>
          <p className="text-sm text-slate-600">{M.expires(link.expiresAt)}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => void create()} disabled={busy}>
          {M.create}
        </Button>
        <ConfirmButton
          type="button"
          variant="outline"
          title={M.revoke}
          description={M.revokeConfirm}
          confirmLabel={M.revoke}
          onConfirm={() => void revoke()}
          disabled={busy}
        >
          {M.revoke}
        </ConfirmButton>
      </div>
    </PanelCard>
  );
}
