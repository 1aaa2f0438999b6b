import { formatDateTime } from "~/shared/dates";

/** The History panel's words, for posts and for any other subject that keeps revisions. */
export const HISTORY_MESSAGES = {
  /** An author a version names who is no longer a known user. */
  userId: (id: number) => `user ${id}`,
  title: "History",
  hint: "Every save keeps a version. One person's saves within ten minutes are kept as one.",
  loading: "Loading history...",
  loadFailed: "The history could not be loaded",
  empty: "No saved versions yet.",
  refresh: "Refresh",
  listLabel: "Saved versions, newest first",
  nobody: "Before history was kept",
  system: "The system",
  when: (at: string) => formatDateTime(at),
  restoredRevision: (id: number) => `Restored version #${id}`,
  restoredBackup: "Restored from a backup",
  keptBefore: "The version from before history was kept",
  changed: (labels: string[]) => `Changed ${labels.join(", ")}`,
  viewHeading: (id: number) => `Version #${id} compared with the current version`,
  legend: "Struck through: only in this version. Underlined: only in the current version.",
  noDifferences: "This version is the same as the current one.",
  imagesAdded: "Images and videos only in the current version",
  imagesRemoved: "Images and videos only in this version",
  was: "This version",
  now: "Current version",
  none: "(none)",
  restore: "Restore this version",
  restoreTitle: "Restore this version?",
  restoreText:
    "It is saved as a new version on top of the history, which keeps every version. Unsaved edits in the editor are lost.",
  restored: { title: "Version restored", description: "The post now holds the version you chose." },
  restoreFailed: "The version could not be restored",
  openFailed: "The version could not be opened",
  redirectsHeading: "Old addresses that lead here",
  redirectsHint: "Each answers 301 with the post's current address.",
} as const;

/** A version's line in the list: what it changed, in words. */
export function describeRevision(
  revision: { changed: string[]; origin?: string; restoredFrom?: number },
  labels: Record<string, string>,
): string {
  if (revision.origin === "restore" && revision.restoredFrom !== undefined)
    return HISTORY_MESSAGES.restoredRevision(revision.restoredFrom);
  if (revision.origin === "backup") return HISTORY_MESSAGES.restoredBackup;
  if (revision.changed.length === 0) return HISTORY_MESSAGES.keptBefore;
  return HISTORY_MESSAGES.changed(revision.changed.map((field) => labels[field] ?? field));
}
