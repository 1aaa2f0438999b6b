import type { BackupInfo } from "~/shared/operations";
import { formatDateTime } from "~/shared/dates";
import { buttonClasses } from "~/app/components/ui/button";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { DEBUG_MESSAGES } from "./debug-messages";

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The backups in the data folder, newest first, each to download or restore from. */
export function BackupsList({
  backups,
  onRestore,
}: {
  backups: BackupInfo[] | undefined;
  onRestore: (name: string) => void;
}) {
  if (!backups) return <p className="text-sm text-slate-600">Loading backups...</p>;
  if (backups.length === 0) return <p className="text-sm text-slate-600">{DEBUG_MESSAGES.noBackups}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Backups">
      {backups.map((b) => (
        <li key={b.name} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="truncate font-mono text-sm text-slate-900">{b.name}</p>
            <p className="text-xs text-slate-600">
              {formatDateTime(b.createdAt)} · {b.damaged ? "damaged" : `${b.count} posts`} · {kilobytes(b.size)}
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
              <ConfirmButton
                variant="secondary"
                size="sm"
                aria-label={`Restore from ${b.name}`}
                title={DEBUG_MESSAGES.confirmRestore.title}
                description={DEBUG_MESSAGES.confirmRestore.description}
                confirmLabel="Restore"
                onConfirm={() => onRestore(b.name)}
              >
                Restore
              </ConfirmButton>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
