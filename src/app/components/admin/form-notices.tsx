import { formatDateTime } from "~/shared/dates";
import { previewPath } from "~/shared/preview";
import { Button, buttonClasses } from "~/app/components/ui/button";

export const FORM_NOTICE_MESSAGES = {
  restoreTitle: "Unsaved edits found",
  restoreText: (savedAt: string) =>
    `This browser kept edits to this post from ${formatDateTime(savedAt)} that were never saved.`,
  restoreNewer: "The post has been saved by someone since; saving your restored edits will check with you first.",
  restore: "Restore them",
  discard: "Discard them",
  conflictTitle: "Not saved: someone else changed this post",
  conflictText: (serverUpdatedAt: string, yourUpdatedAt: string) =>
    `The post was saved at ${formatDateTime(serverUpdatedAt)}, after the version you opened (saved at ` +
    `${formatDateTime(yourUpdatedAt)}). Your edits are still here and kept in this browser.`,
  overwrite: "Save mine anyway",
  seeTheirs: "See their version",
  savedShortcut: { title: "Saved", description: "Ctrl+S (Cmd+S on a Mac) saves without leaving the form." },
} as const;

const M = FORM_NOTICE_MESSAGES;

/** The offer to bring back a copy of unsaved edits (docs/decisions/021-no-lost-work.md). */
export function RestoreOffer({
  savedAt,
  newerOnServer,
  onRestore,
  onDiscard,
}: {
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
        {M.restoreText(savedAt)} {newerOnServer && M.restoreNewer}
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

/** An update refused because the post changed on the server since it was opened. */
export function ConflictNotice({
  slug,
  serverUpdatedAt,
  yourUpdatedAt,
  onOverwrite,
  busy,
}: {
  slug: string;
  serverUpdatedAt: string;
  yourUpdatedAt: string;
  onOverwrite: () => void;
  busy: boolean;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{M.conflictTitle}</p>
      <p className="mt-1 text-sm">{M.conflictText(serverUpdatedAt, yourUpdatedAt)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={previewPath(slug)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: "outline", size: "sm" })}
        >
          {M.seeTheirs}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Button size="sm" variant="destructive" onClick={onOverwrite} disabled={busy}>
          {M.overwrite}
        </Button>
      </div>
    </div>
  );
}
