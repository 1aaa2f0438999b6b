import type { Change } from "./change";
import type { Snapshot } from "./db-snapshot";
import type { ChangeKind } from "./types";

/** Told of every committed write: the kinds it changed, and the snapshots before and after it. */
export type CommitListener = (kinds: readonly ChangeKind[], before: Snapshot, after: Snapshot) => void;

/**
 * What the JSON store and the PostgreSQL store share (docs/decisions/040-postgres-store-mirrors-the-records.md):
 * reads are queries on the last committed snapshot and writes are change functions of it, so each
 * store says only how it reads its snapshot and how it commits a change. The store is the bottom
 * layer: it knows no feature. What a query or a change means (a post's rules, a tag's merge) is
 * the features' (their `*-changes.ts`), put together in src/server/records/store.ts.
 */
export abstract class SnapshotStore {
  /** Answers a query on the last committed snapshot. */
  abstract read<T>(query: (snap: Snapshot) => T): Promise<T>;
  /** Commits a change function's next data, or throws its typed error with nothing written. */
  abstract write<R>(change: (snap: Snapshot, now: string) => Change<R>): Promise<R>;

  private readonly listeners = new Set<CommitListener>();

  /** Calls `listener` after every committed write that changed something; answers an unsubscribe. */
  onCommit(listener: CommitListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Runs `job` on the current snapshot while no write of this store commits. One process holds a
   * data folder, so its committed snapshot is the current one; a write in this process while the
   * job awaits is not held back (docs/decisions/086-writes-decided-under-the-lock.md). The
   * PostgreSQL store holds its write lock instead, across instances.
   */
  settled<T>(job: (snap: Snapshot) => Promise<T>): Promise<T> {
    return this.read((s) => s).then(job);
  }

  /** Tells every listener of a committed change, from the snapshot before it to the one after. */
  protected emit(kinds: Iterable<ChangeKind>, before: Snapshot, after: Snapshot) {
    const list = [...kinds];
    if (list.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(list, before, after);
      } catch (error) {
        // The write is committed already; a failing listener must not turn it into a reported failure.
        console.error("A store commit listener failed:", error);
      }
    }
  }

  protected clearListeners() {
    this.listeners.clear();
  }
}
