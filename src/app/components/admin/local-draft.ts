/**
 * The browser's copy of a post form's unsaved edits (docs/decisions/021-no-lost-work.md), kept in
 * localStorage so it outlives a closed tab, a crash or a lost session. One copy per post, and one
 * for a new post. Storage can be full, disabled or hold junk: every access is guarded, and a copy
 * that does not have the expected shape is ignored.
 */
export type LocalDraft<V> = {
  values: V;
  /** When the copy was taken (ISO). */
  savedAt: string;
  /** The post's updatedAt when the edits began, so a restored copy still detects a newer save. */
  baseUpdatedAt?: string;
};

const PREFIX = "queuewise:post-draft:";

/** The storage key of a post's copy, or of the new post's. */
export const localDraftKey = (postId?: number) => `${PREFIX}${postId ?? "new"}`;

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser's settings
  }
}

export function readLocalDraft<V>(key: string): LocalDraft<V> | undefined {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<LocalDraft<V>>;
    if (
      typeof parsed !== "object" ||
      parsed === null ||
      typeof parsed.values !== "object" ||
      typeof parsed.savedAt !== "string"
    ) {
      return undefined;
    }
    return parsed as LocalDraft<V>;
  } catch {
    return undefined;
  }
}

/** Answers false when the copy could not be kept (storage full or disabled). */
export function writeLocalDraft<V>(key: string, draft: LocalDraft<V>): boolean {
  try {
    storage()?.setItem(key, JSON.stringify(draft));
    return storage() !== undefined;
  } catch {
    return false;
  }
}

export function removeLocalDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove from a storage we cannot reach.
  }
}
