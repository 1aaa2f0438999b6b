import { countPosts, type BackupInfo } from "~/shared/operations";
import { formatDateTime } from "~/shared/dates";
import { buttonClasses, Button } from "~/app/components/ui/button";
import { useState } from "react";
import { BACKUP_KIND_MESSAGES, type BackupKind } from "~/shared/backups";
import { DEBUG_MESSAGES } from "./debug-messages";
import { RestoreDialog } from "./restore-dialog";

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** What a backup holds, or its posts for one that does not say (an older release's). */
const holdsOf = (b: BackupInfo) => (b.holds ? BACKUP_KIND_MESSAGES.holds(b.holds) : countPosts(b.count ?? 0));

/** The backups in the data folder, newest first, each to download or restore from (after a preview). */
export function BackupsList({
  backups,
  onRestore,
}: {
  backups: BackupInfo[] | undefined;
  onRestore: (name: string, kinds: BackupKind[]) => void;
}) {
  const [previewing, setPreviewing] = useState<string | undefined>();
  if (!backups) return <p className="text-sm text-slate-600">Loading backups...</p>;
  if (backups.length === 0) return <p className="text-sm text-slate-600">{DEBUG_MESSAGES.noBackups}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Backups">
      {backups.map((b) => (
        <li key={b.name} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="truncate font-mono text-sm text-slate-900">{b.name}</p>
            <p className="text-xs text-slate-600">
              {formatDateTime(b.createdAt)} · {b.damaged ? "damaged" : holdsOf(b)} · {kilobytes(b.size)}
            </p>
            {b.damaged && <p className="text-xs text-red-700">{b.damaged}</p>}
          </div>
          <div className="flex shrink-0 gap-2">
            <a
              href={`/api/debug/backups/${encodeURIComponent(b.name)}`}
              download={b.name}
              className={buttonClasses({ variant: "outline", size: "sm" })}
            >
              Download<span className="sr-only"> {b.name}</span>
            </a>
            {!b.damaged && (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Restore from ${b.name}`}
                onClick={() => setPreviewing(b.name)}
              >
                Restore
              </Button>
            )}
          </div>
        </li>
      ))}
      {previewing && (
        <RestoreDialog
          name={previewing}
          open
          onOpenChange={(open) => !open && setPreviewing(undefined)}
          onRestore={(kinds) => onRestore(previewing, kinds)}
        />
      )}
    </ul>
  );
}
