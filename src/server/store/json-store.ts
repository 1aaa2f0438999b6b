import fs from "node:fs/promises";
import path from "node:path";
import { Low, type Adapter } from "lowdb";
import type { Change } from "./change";
import { CommitQueue } from "./commit-queue";
import { acquireDataLock, type DataLock } from "./data-lock";
import { parseDbFile, type DbFile } from "./db-schema";
import { buildSnapshot, type Snapshot } from "./db-snapshot";
import { DurableJsonFile } from "./durable-file-adapter";
import { seedData } from "./seed";
import { SnapshotStore } from "./snapshot-store";
import { errorCode, STORAGE_MESSAGES, storageErrorOf } from "~/server/store/storage-errors";
import type { Store, WriteOutcome } from "./types";

/**
 * The embedded store of docs/architecture.md section 4: `<dataDir>/db.json` through lowdb, with our durable
 * adapter, one write queue, a lock file and indexes kept in memory for fast reads.
 */
export const DB_FILE = "db.json";
export const STORE_CLOSED_MESSAGE = "The store is closed.";

export type OpenJsonStoreOptions = {
  /** Sample posts on a first start (default true); a folder that has a db.json is never seeded. */
  seed?: boolean;
  /** For tests: wraps the file adapter, for instance to make a write fail. */
  wrapAdapter?: (adapter: Adapter<DbFile>) => Adapter<DbFile>;
};

const emptyDb = (): DbFile => ({
  posts: [],
  tags: [],
  users: [],
  messages: [],
  meta: { nextPostId: 1, nextTagId: 1, nextUserId: 1, nextMessageId: 1 },
});

export async function openJsonStore(dataDir: string, options: OpenJsonStoreOptions = {}): Promise<Store> {
  await fs.mkdir(dataDir, { recursive: true });
  // The real path, so "data", "./data" and a symlink to it are one folder for the lock.
  const dir = await fs.realpath(dataDir);
  const lock = await acquireDataLock(dir);
  try {
    const file = new DurableJsonFile(path.join(dir, DB_FILE), parseDbFile);
    const empty = emptyDb();
    const low = new Low<DbFile>(options.wrapAdapter?.(file) ?? file, empty);
    await low.read(); // throws DataFileError, naming the file, for a file it cannot use
    const firstStart = low.data === empty; // lowdb keeps the default when the file is missing
    const snapshot = buildSnapshot(firstStart && options.seed !== false ? seedData() : low.data);
    low.data = snapshot.data;
    if (firstStart) await low.write();
    else await file.removeLeftoverTemps();
    return new JsonStore(low, snapshot, lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

class JsonStore extends SnapshotStore implements Store {
  private readonly queue: CommitQueue;
  private closing?: Promise<void>;
  private outcome: WriteOutcome = { at: null, error: null };

  constructor(
    low: Low<DbFile>,
    private snap: Snapshot,
    private readonly lock: DataLock,
  ) {
    super();
    this.queue = new CommitQueue(
      () => this.snap,
      async (next) => {
        low.data = next.data;
        try {
          await low.write();
          this.outcome = { at: new Date().toISOString(), error: null };
        } catch (error) {
          low.data = this.snap.data;
          // A disk failure becomes a typed error whose message says what to do (storage-errors.ts).
          const typed = storageErrorOf(error);
          const code = errorCode(error) ?? "unknown";
          // Logged once per new cause, not on every retry of a health check while the disk stays full.
          if (this.outcome.error?.code !== code) console.error(`Saving ${DB_FILE} failed:`, error);
          this.outcome = {
            at: this.outcome.at,
            error: { code, message: typed?.message ?? STORAGE_MESSAGES.unknown(code) },
          };
          throw typed ?? error;
        }
      },
      (next, kinds) => {
        const before = this.snap;
        this.snap = next;
        this.emit(kinds, before, next);
      },
    );
  }

  /** Reads see the last committed snapshot, never a write still on its way to disk. */
  protected read<T>(query: (snap: Snapshot) => T): Promise<T> {
    if (this.closing) return Promise.reject(new Error(STORE_CLOSED_MESSAGE));
    return Promise.resolve(query(this.snap));
  }

  /** One queue per store, and one store per folder (the lock), so writes never interleave. */
  protected write<R>(change: (snap: Snapshot, now: string) => Change<R>): Promise<R> {
    if (this.closing) return Promise.reject(new Error(STORE_CLOSED_MESSAGE));
    return this.queue.push(change);
  }

  lastWrite() {
    return this.outcome;
  }
  retryWrite() {
    // A copy of the same data: the queue saves only a changed snapshot, and nothing is reported changed.
    return this.write((s) => ({ next: { ...s.data }, result: undefined, kinds: [] }));
  }

  close() {
    this.closing ??= this.queue.idle().then(async () => {
      this.clearListeners();
      await this.lock.release();
    });
    return this.closing;
  }
}
