import { acquireDataLock, type DataLock } from "./data-lock";
import { errorCode, StorageError } from "./storage-errors";

/**
 * The disk failures a server starts through, read-only, instead of stopping
 * (docs/decisions/083-read-only-start.md): the folder's lock could not be written because the disk
 * is full or mounted read-only. Any other failure (another process holds the folder, no
 * permission) still stops the start.
 */
const READ_ONLY_CAUSES = new Set(["ENOSPC", "EDQUOT", "EROFS"]);

export const READ_ONLY_MESSAGES = {
  started: (reason: string) =>
    `Started read-only: ${reason} Pages and reading work; every save answers 503 until the disk recovers, ` +
    "which the server notices by itself at the next save or health check.",
  /** The disk recovered, but another process took the folder's lock first: this one stays read-only. */
  heldElsewhere:
    "Another server process took over the data folder while this one could not write: nothing was saved. " +
    "Stop one of the two.",
} as const;

/**
 * The folder's lock, or the StorageError that kept it from being written. Without the lock this
 * process writes nothing: every write first takes it (regainLock), so two processes never write
 * one folder, and a disk that refuses the lock refuses every other process's writes too.
 */
export async function lockOrReadOnly(dir: string): Promise<{ lock: DataLock } | { refused: StorageError }> {
  try {
    return { lock: await acquireDataLock(dir) };
  } catch (error) {
    const code = errorCode(error);
    if (code === undefined || !READ_ONLY_CAUSES.has(code)) throw error;
    return { refused: new StorageError(code, error) };
  }
}
