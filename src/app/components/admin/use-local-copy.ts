import { useCallback, useEffect, useRef, useState } from "react";
import { readLocalDraft, removeLocalDraft, writeLocalDraft, type LocalDraft } from "./local-draft";

/** How often unsaved edits are copied to the browser's storage. */
export const LOCAL_COPY_INTERVAL_MS = 2000;

/**
 * Keeps a copy of a form's unsaved edits in the browser (docs/decisions/021-no-lost-work.md) and
 * offers a copy found when the form opens. Until the offer is answered, the stored copy is left
 * alone: the writer's earlier edits are never overwritten by a new session they did not choose.
 * While the hook owns the copy, it follows the form: written when there are unsaved edits,
 * removed when there are none, and removed when the form closes (after a save or a discard the
 * leave guard asked about). Closing the page keeps it, which is the point.
 */
export function useLocalCopy<V>({
  storageKey,
  initial,
  read,
  dirty,
  baseUpdatedAt,
}: {
  storageKey: string;
  /** The values the form opened with: a copy equal to them is nothing to restore. */
  initial: V;
  read: () => V;
  dirty: boolean;
  baseUpdatedAt: string | undefined;
}) {
  const [offer, setOffer] = useState<LocalDraft<V> | undefined>();
  const owns = useRef(false);
  const latest = useRef({ read, dirty, baseUpdatedAt, storageKey });
  useEffect(() => {
    latest.current = { read, dirty, baseUpdatedAt, storageKey };
  });

  const sync = useCallback(() => {
    if (!owns.current) return;
    const { read, dirty, baseUpdatedAt, storageKey } = latest.current;
    if (!dirty) return removeLocalDraft(storageKey);
    writeLocalDraft<V>(storageKey, { values: read(), savedAt: new Date().toISOString(), baseUpdatedAt });
  }, []);

  // `initial` is read once per key: it is the form's opening state, not its live values.
  const initialJson = useRef(JSON.stringify(initial));
  useEffect(() => {
    const found = readLocalDraft<V>(storageKey);
    if (found && JSON.stringify(found.values) !== initialJson.current) {
      owns.current = false;
      setOffer(found);
    } else {
      owns.current = true;
      setOffer(undefined);
      if (found) removeLocalDraft(storageKey);
    }
    return () => {
      if (owns.current) removeLocalDraft(storageKey);
    };
  }, [storageKey]);

  useEffect(() => {
    const timer = window.setInterval(sync, LOCAL_COPY_INTERVAL_MS);
    // The last edits before the page closes, even between two ticks.
    window.addEventListener("pagehide", sync);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("pagehide", sync);
    };
  }, [sync]);

  /** Answers the offered copy and takes the copy over. */
  const accept = useCallback((): LocalDraft<V> | undefined => {
    owns.current = true;
    setOffer(undefined);
    return offer;
  }, [offer]);

  const discard = useCallback(() => {
    removeLocalDraft(storageKey);
    owns.current = true;
    setOffer(undefined);
  }, [storageKey]);

  /** After a save: the copy is on the server now. A copy still on offer is another session's, and stays. */
  const clear = useCallback(() => {
    if (owns.current) removeLocalDraft(latest.current.storageKey);
  }, []);

  return { offer, accept, discard, clear };
}
