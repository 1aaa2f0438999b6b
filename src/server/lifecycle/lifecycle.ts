import type { DbFile } from "~/server/store/db-schema";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { Actor, ChangeKind, SlugRedirect } from "~/server/store/types";

/**
 * What a record carries to go through the publishing lifecycle (docs/decisions/206-one-publishing-lifecycle.md):
 * the fields `collections/lifecycle.ts` declares, which a collection's record schema spreads in.
 */
export type LifecycleRecord = {
  id: number;
  published: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt?: string;
  publishAt?: string;
  scheduledBy?: number;
  publishedLate?: { planned: string; published: string };
  submittedAt?: string;
  submittedBy?: number;
  reviewNote?: { note: string; by: string; at: string };
  createdBy?: number;
  updatedBy?: number;
  previewGeneration?: number;
};

/** A record in its collection's trash: when it went there, and who sent it. */
export type Trashed<R> = R & { deletedAt: string; deletedBy?: Actor };

/** One list of the data, read and replaced as a whole. */
export type ListAccess<T> = {
  of(data: DbFile): readonly T[];
  with(data: DbFile, list: T[]): DbFile;
};

/**
 * How a collection opts into the lifecycle: where its records, its trash and its old addresses
 * are kept, what a revision keeps of a record, and the words of its messages and of its activity. The lifecycle's
 * functions (this folder) take it as their first argument; posts declare theirs in
 * posts/post-lifecycle.ts.
 */
export type Lifecycle<R extends LifecycleRecord> = {
  /** The subject its revisions are kept under (src/server/revisions/). */
  subject: string;
  /** The kind of change a write to it is, for the page cache and the other instances. */
  kind: ChangeKind;
  items: ListAccess<R>;
  trash: ListAccess<Trashed<R>>;
  /** Old addresses that lead to a record (a post's old slugs); kept while the record is. */
  redirects: ListAccess<SlugRedirect>;
  /** A record's address: what the trash keeps reserved and an old address leads to. */
  addressOf(record: R): string;
  /** Finds a record on the site by id and by address, with the snapshot's indexes where it has them. */
  byId(snap: Snapshot, id: number): R | undefined;
  byAddress(snap: Snapshot, address: string): R | undefined;
  /** What a revision keeps of a record, and the fields a revision names as changed. */
  snapshotOf(record: R): Record<string, unknown>;
  revisionFields: readonly string[];
  messages: { notFound(id: number): string; notInTrash(id: number): string };
  /** A record as the activity log names it (`post 42 "Title"`); the lifecycle's words go around it (activity-words.ts). */
  activityName(record: R): string;
};
