import { useState, type ChangeEvent } from "react";
import type { BackupInfo } from "~/shared/operations";
import type { BackupKind } from "~/shared/backups";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { ConfirmButton, ConfirmDialog } from "~/app/components/ui/confirm-dialog";
import { inputClasses } from "~/app/components/ui/field";
import { BackupsList } from "./backups-list";
import { DEBUG_MESSAGES } from "./debug-messages";

export type RestoreSource = { file: string; kinds: BackupKind[] } | { upload: unknown } | { newest: true };

/** docs/product.md section 2, Management tab: Delete Post by ID, Backup All Posts, Restore From Backup. */
export function ManagementPanel({
  backups,
  onDelete,
  onBackup,
  onRestore,
}: {
  backups: BackupInfo[] | undefined;
  onDelete: (id: number) => void;
  onBackup: () => void;
  onRestore: (source: RestoreSource) => void;
}) {
  const [idText, setIdText] = useState("");
  const [confirming, setConfirming] = useState(false);
  const id = Number(idText);

  const askToDelete = () => {
    // docs/product.md section 5: on the management tab the id must be a positive number.
    if (!/^\d+$/.test(idText.trim()) || id <= 0) return toast({ ...DEBUG_MESSAGES.invalidId, variant: "destructive" });
    setConfirming(true);
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      return toast({
        title: DEBUG_MESSAGES.restore.failed,
        description: `${file.name} is not a JSON backup file.`,
        variant: "destructive",
      });
    }
    onRestore({ upload: parsed });
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <h2 className="text-lg font-semibold">Delete Post by ID</h2>
        <div className="mt-4 flex gap-2">
          <label htmlFor="delete-id" className="sr-only">
            Post ID
          </label>
          <input
            id="delete-id"
            inputMode="numeric"
            placeholder="Post ID"
            value={idText}
            onChange={(e) => setIdText(e.target.value)}
            className={inputClasses}
          />
          <Button variant="destructive" onClick={askToDelete}>
            Delete
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete post ${idText}?`}
          description="The post is moved to the Trash, where an admin can restore it until it expires."
          confirmLabel="Delete"
          onConfirm={() => {
            onDelete(id);
            setIdText("");
          }}
        />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Backup All Posts</h2>
        <p className="mt-1 text-sm text-slate-600">{DEBUG_MESSAGES.backupAllHint}</p>
        <Button className="mt-4" onClick={onBackup}>
          Backup All Posts
        </Button>
      </Card>
      <Card className="md:col-span-2">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 className="text-lg font-semibold">Restore From Backup</h2>
            <p className="mt-1 text-sm text-slate-600">{DEBUG_MESSAGES.confirmRestore.description}</p>
          </div>
          <ConfirmButton
            variant="secondary"
            title={DEBUG_MESSAGES.confirmRestore.title}
            description={`The newest backup is used. ${DEBUG_MESSAGES.confirmRestore.description}`}
            confirmLabel="Restore"
            onConfirm={() => onRestore({ newest: true })}
          >
            Restore From Backup
          </ConfirmButton>
        </div>
        <div className="mt-4">
          <BackupsList backups={backups} onRestore={(file, kinds) => onRestore({ file, kinds })} />
        </div>
        <div className="mt-4 border-t border-slate-200 pt-4">
          <label htmlFor="backup-upload" className="block text-sm font-medium text-slate-800">
            Restore from a backup file
          </label>
          <input
            id="backup-upload"
            type="file"
            accept="application/json,.json"
            onChange={upload}
            className="mt-2 block text-sm"
          />
        </div>
      </Card>
    </div>
  );
}
