import { useState } from "react";
import { failureToast, type FailureTitles } from "~/app/lib/failure-toast";
import { fieldErrors } from "~/app/lib/field-errors";

type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * A panel form's sending. `submit(missing, send)` first shows the browser's own checks (`missing`:
 * a field's message, or false where it is filled in) under their fields and sends nothing while
 * any is there; else it runs `send` with `busy` set. The server's field errors land under their
 * fields (lib/field-errors.ts) and its failure in the `failed` toasts. The server checks again.
 */
export function usePanelForm<K extends string>(failed: FailureTitles) {
  const [errors, setErrors] = useState<Errors<K>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (missing: Partial<Record<K, string | false>>, send: () => Promise<void>) => {
    const found = Object.fromEntries(Object.entries(missing).filter(([, message]) => message)) as Errors<K>;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await send();
    } catch (err) {
      const fromServer = fieldErrors<K>(err);
      if (fromServer) setErrors(fromServer);
      failureToast(err, failed);
    } finally {
      setBusy(false);
    }
  };

  return { errors, busy, submit };
}
