import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "~/app/lib/api";
import { failureToast, type FailureTitles } from "~/app/lib/failure-toast";

/**
 * What a panel shows from `path`: read once the panel is in the browser and again by `reload`
 * after each change. A failed read says so in the `failed` toasts and keeps what is shown.
 */
export function usePanelData<T>(path: string, failed: FailureTitles) {
  const [data, setData] = useState<T>();
  // The titles are read when a read fails, so titles made anew each render never read again.
  const titles = useRef(failed);
  titles.current = failed;
  const reload = useCallback(
    () =>
      api
        .get<T>(path)
        .then(setData)
        .catch((err: unknown) => failureToast(err, titles.current)),
    [path],
  );
  useEffect(() => void reload(), [reload]);
  return [data, reload] as const;
}
