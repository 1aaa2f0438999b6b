import { api } from "./api";
import { failureToast, type FailureTitles } from "./failure-toast";
import { toast } from "./toast";

/**
 * A panel's Remove (Revoke, Delete): deletes what `path` names, says `done` in a toast and reads
 * the list again with `reload`; a refusal or no answer says so in the `failed` toasts instead and
 * the list stays as it is.
 */
export async function deleteAndReload(
  path: string,
  done: string,
  failed: FailureTitles,
  reload: () => unknown,
): Promise<void> {
  try {
    await api.delete(path);
    toast({ title: done });
    await reload();
  } catch (err) {
    failureToast(err, failed);
  }
}
