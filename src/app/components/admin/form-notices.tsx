import { formatDateTime } from "~/shared/dates";
import { Button } from "~/app/components/ui/button";

export const FORM_NOTICE_MESSAGES = {
  restoreTitle: "Unsaved edits found",
  restoreText: (savedAt: string, subject = "post") =>
    `This browser kept edits to this ${subject} from ${formatDateTime(savedAt)} that were never saved.`,
  restoreNewer: "The post has been saved by someone since; saving your restored edits will check with you first.",
  restore: "Restore them",
  discard: "Discard them",
  savedShortcut: { title: "Saved", description: "Ctrl+S (Cmd+S on a Mac) saves without leaving the form." },
} as const;

const M = FORM_NOTICE_MESSAGES;

/** The offer to bring back a copy of unsaved edits (docs/decisions/021-no-lost-work.md). */
export function RestoreOffer({
  savedAt,
  newerOnServer,
  onRestore,
  onDiscard,
  subject,
}: {
  /** What the edits are of, as the offer names it: "post" unless told. */
  subject?: string;
  savedAt: string;
  newerOnServer: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div
      role="status"
      aria-labelledby="restore-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p id="restore-title" className="font-semibold">
        {M.restoreTitle}
      </p>
      <p className="mt-1 text-sm">
        {M.restoreText(savedAt, subject)} {newerOnServer && M.restoreNewer}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={onRestore}>
          {M.restore}
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          {M.discard}
        </Button>
      </div>
    </div>
  );
}
