import { HttpError } from "~/server/http/errors";
import { DATABASE, databaseCause } from "./pg/pg-errors";

/**
 * Disk failures said in words an operator can act on (docs/decisions/010-storage-errors-and-health.md).
 * The public answer names the cause, never the data folder's path; the log keeps the full error.
 */
export const STORAGE_MESSAGES = {
  ENOSPC: "The data folder is full: nothing was saved. Free disk space on the server, then try again.",
  EROFS: "The data folder is on a read-only file system: nothing was saved. Remount it read-write, then try again.",
  EACCES:
    "The server is not allowed to write to the data folder: nothing was saved. " +
    "Fix the folder's owner or permissions, then try again.",
  EMFILE:
    "The server has too many files open to save anything right now: nothing was saved. " +
    "Try again shortly; if it persists, raise the open-file limit or restart the server.",
  /** The PostgreSQL server behind `DATABASE_URL` (docs/decisions/090-database-errors-as-storage-errors.md). */
  databaseUnreachable:
    "The database cannot be reached: nothing was saved. Try again in a few seconds; " +
    "if it persists, check that PostgreSQL is running and reachable from the server.",
  databaseReadOnly:
    "The database is read-only: nothing was saved. Point DATABASE_URL at the primary server, then try again.",
  databaseFull: "The database server is out of disk space: nothing was saved. Free disk space on it, then try again.",
  /** A failed save whose cause has no advice of its own. */
  unknown: (code: string) => `The last save of the data failed (${code}); the server log has the details.`,
} as const;

/**
 * Which message, status and Retry-After each error code gets; EPERM and ENFILE read like their
 * siblings. A full or read-only disk is an operator's fix, so a minute is a polite first guess; a
 * database away is often a restart or a failover, over in seconds.
 */
const CAUSES: Record<string, { status: 503 | 507; message: string; retryAfter?: string }> = {
  ENOSPC: { status: 507, message: STORAGE_MESSAGES.ENOSPC },
  EDQUOT: { status: 507, message: STORAGE_MESSAGES.ENOSPC },
  EROFS: { status: 503, message: STORAGE_MESSAGES.EROFS },
  EACCES: { status: 503, message: STORAGE_MESSAGES.EACCES },
  EPERM: { status: 503, message: STORAGE_MESSAGES.EACCES },
  EMFILE: { status: 503, message: STORAGE_MESSAGES.EMFILE },
  ENFILE: { status: 503, message: STORAGE_MESSAGES.EMFILE },
  [DATABASE.unreachable]: { status: 503, message: STORAGE_MESSAGES.databaseUnreachable, retryAfter: "5" },
  [DATABASE.readOnly]: { status: 503, message: STORAGE_MESSAGES.databaseReadOnly },
  [DATABASE.full]: { status: 503, message: STORAGE_MESSAGES.databaseFull },
};

/** A write refused by the disk: 507 Insufficient Storage (RFC 4918 11.5) or 503 Service Unavailable. */
export class StorageError extends HttpError {
  constructor(
    readonly code: string,
    cause: unknown,
  ) {
    const { status, message, retryAfter = "60" } = CAUSES[code]!;
    super(status, message, undefined, { "Retry-After": retryAfter });
    this.cause = cause;
  }
}

/** The error code of a Node file-system error, if it has one. */
export const errorCode = (error: unknown): string | undefined => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" ? code : undefined;
};

/** A StorageError for a disk or database failure we can name, else undefined (the caller rethrows the original). */
export function storageErrorOf(error: unknown): StorageError | undefined {
  if (error instanceof StorageError) return error;
  const code = databaseCause(error) ?? errorCode(error);
  return code !== undefined && code in CAUSES ? new StorageError(code, error) : undefined;
}
