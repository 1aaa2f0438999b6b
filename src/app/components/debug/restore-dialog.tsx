import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useEffect, useState } from "react";
import {
  BACKUP_KIND_LABELS,
  BACKUP_KINDS,
  POSTS_ONLY,
  type BackupKind,
  type KindOutcome,
  type KindOutcomes,
} from "~/shared/backups";
import { api } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { buttonClasses } from "~/app/components/ui/button";
import { CheckboxField } from "~/app/components/ui/checkbox-field";
import { DEBUG_MESSAGES } from "./debug-messages";

const M = DEBUG_MESSAGES.restoreDialog;

/** "3 added, 1 replaced, 5 left alone", or that the backup holds none. */
function describeOutcome(outcome: KindOutcome | undefined): string {
  if (!outcome || outcome.added + outcome.replaced + outcome.unchanged === 0) return M.none;
  const parts = [
    outcome.added > 0 && `${outcome.added} added`,
    outcome.replaced > 0 && `${outcome.replaced} replaced`,
    outcome.unchanged > 0 && `${outcome.unchanged} left alone`,
  ].filter(Boolean);
  return parts.join(", ");
}

/**
 * Restore from one backup (docs/decisions/195-whole-site-backups.md): the preview says, kind by
 * kind, what would be added, replaced and left alone before anything changes; the operator ticks
 * the kinds to restore (posts and their images by default, as the posts-only restore does).
 */
export function RestoreDialog({
  name,
  open,
  onOpenChange,
  onRestore,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRestore: (kinds: BackupKind[]) => void;
}) {
  const [preview, setPreview] = useState<KindOutcomes | undefined>();
  const [chosen, setChosen] = useState<Set<BackupKind>>(new Set(POSTS_ONLY));

  useEffect(() => {
    if (!open) return;
    setPreview(undefined);
    setChosen(new Set(POSTS_ONLY));
    api
      .post<{ kinds: KindOutcomes }>(`/api/debug/backups/${encodeURIComponent(name)}/preview`)
      .then((answer) => setPreview(answer.kinds))
      .catch((err: unknown) => {
        failureToast(err, DEBUG_MESSAGES.restore);
        onOpenChange(false);
      });
  }, [open, name, onOpenChange]);

  const toggle = (kind: BackupKind, on: boolean) =>
    setChosen((now) => {
      const next = new Set(now);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });
  const kinds = BACKUP_KINDS.filter((kind) => chosen.has(kind));

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{M.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            <span className="font-mono break-all">{name}</span>. {M.intro}
          </AlertDialog.Description>
          {preview ? (
            <fieldset className="mt-4 space-y-3">
              <legend className="sr-only">{M.legend}</legend>
              {BACKUP_KINDS.map((kind) => (
                <CheckboxField
                  key={kind}
                  id={`restore-kind-${kind}`}
                  label={BACKUP_KIND_LABELS[kind]}
                  hint={describeOutcome(preview[kind])}
                  checked={chosen.has(kind)}
                  onChange={(on) => toggle(kind, on)}
                />
              ))}
            </fieldset>
          ) : (
            <p className="mt-4 text-sm text-slate-600" role="status">
              {M.loading}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses({ variant: "outline" })}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses({ variant: "destructive" })}
              disabled={!preview || kinds.length === 0}
              onClick={() => onRestore(kinds)}
            >
              {M.confirm(kinds.length)}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
