import { useCallback, useState } from "react";

/** A tool's one request at a time: `busy` while `run`'s task is under way, however it ends. */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
