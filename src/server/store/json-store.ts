import fs from "node:fs/promises";
import path from "node:path";
import { Low, type Adapter } from "lowdb";
import type { ActivityEntry } from "~/shared/activity";
import type { Change } from "./change";
import { CommitQueue } from "./commit-queue";
import type { DataLock } from "./data-lock";
import { lockOrReadOnly, READ_ONLY_MESSAGES } from "./read-only-start";
import { HttpError } from "~/server/http/errors";
import { parseDbFile, type DbFile } from "./db-schema";
import { buildSnapshot, type Snapshot } from "./db-snapshot";
import { DurableJsonFile } from "./durable-file-adapter";
import { DB_FILE, JournalledDbFile, logFoldFailure } from "./journalled-db-file";
import { seedData } from "./seed";
import { missingDbMessage, readFolderState } from "./first-start";
import { SnapshotStore } from "./snapshot-store";
import { errorCode, STORAGE_MESSAGES, StorageError, storageErrorOf } from "~/server/store/storage-errors";
import type { ChangeKind, StoreEngine, WriteOutcome } from "./types";

const ALL_KINDS: ChangeKind[] = ["posts", "tags", "users", "messages", "settings", "site", "pages"];

/**
 * The embedded store of docs/architecture.md section 4: `<dataDir>/db.json` and its journal through
 * lowdb (journalled-db-file.ts), one write queue, a lock file and indexes kept in memory for fast reads.
 */
export { DB_FILE };
export const STORE_CLOSED_MESSAGE = "The store is closed.";

export type OpenJsonStoreOptions = {
  /**
   * A first start (default true): sample posts in an empty folder, a refusal beside a site's files
   * without db.json. False opens any folder without db.json as an empty site (a restore's open).
   */
  seed?: boolean;
  /** For tests: wraps the file adapter, for instance to make a write fail. */
  wrapAdapter?: (adapter: Adapter<DbFile>) => Adapter<DbFile>;
  /**
   * For `npm run bench` only: every write rewrites the whole of db.json, without a journal, as the
   * store did before docs/decisions/092-a-journal-beside-db-json.md, to measure the two side by side.
   */
  wholeFile?: boolean;
};

const emptyDb = (): DbFile => ({
  posts: [],
  tags: [],
  users: [],
  messages: [],
  meta: { nextPostId: 1, nextTagId: 1, nextUserId: 1, nextMessageId: 1 },
});

/** The data folder's engine; the app opens it through src/server/records/open-store.ts. */
export async function openJsonEngine(dataDir: string, options: OpenJsonStoreOptions = {}): Promise<StoreEngine> {
  await fs.mkdir(dataDir, { recursive: true });
  // The real path, so "data", "./data" and a symlink to it are one folder for the lock.
  const dir = await fs.realpath(dataDir);
  const folder = await readFolderState(dir);
  const locked = await lockOrReadOnly(dir);
  const [lock, refused] = "lock" in locked ? [locked.lock] : [undefined, locked.refused];
  try {
    const file = options.wholeFile
      ? new DurableJsonFile(path.join(dir, DB_FILE), parseDbFile)
      : new JournalledDbFile(dir, lock !== undefined);
    const empty = emptyDb();
    const low = new Low<DbFile>(options.wrapAdapter?.(file) ?? file, empty);
    await low.read(); // throws DataFileError, naming the file, for a file it cannot use
    const firstStart = low.data === empty; // lowdb keeps the default when the file is missing
    if (refused) {
      // Read-only (read-only-start.ts): only a site that has its data can be served without a disk.
      if (firstStart) throw refused;
      return new JsonStore(dir, low, file, buildSnapshot(low.data), undefined, refused);
    }
    const newSite = firstStart && options.seed !== false;
    // `seed: false` is a restore's open (cli.ts), the way back for a folder that lost its db.json.
    if (newSite && folder.state === "site") throw new Error(missingDbMessage(dir, DB_FILE, folder.found));
    const snapshot = buildSnapshot(newSite && folder.state === "empty" ? seedData() : low.data);
    low.data = snapshot.data;
    if (firstStart) await low.write();
    else await file.removeLeftoverTemps();
    return new JsonStore(dir, low, file, snapshot, lock);
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

class JsonStore extends SnapshotStore implements StoreEngine {
  private readonly queue: CommitQueue;
  private closing?: Promise<void>;
  private outcome: WriteOutcome = { at: null, error: null };

  private regaining?: Promise<void>;
  /** Where writes go: the journal (with the activity entries a change carries), or a test's wrapper. */
  private readonly adapter: {
    write(data: DbFile, activity?: readonly ActivityEntry[]): Promise<void>;
  };

  constructor(
    private readonly dir: string,
    private readonly low: Low<DbFile>,
    private readonly file: JournalledDbFile | DurableJsonFile<DbFile>,
    private snap: Snapshot,
    /** Undefined while read-only: the lock could not be written (read-only-start.ts). */
    private lock: DataLock | undefined,
    refused?: StorageError,
  ) {
    super();
    this.adapter = low.adapter;
    if (refused) this.outcome = { at: null, error: { code: refused.code, message: refused.message } };
    this.queue = new CommitQueue(
      () => this.snap,
      async (next, activity) => {
        low.data = next.data;
        try {
          await this.adapter.write(next.data, activity);
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
  read<T>(query: (snap: Snapshot) => T): Promise<T> {
    if (this.closing) return Promise.reject(new Error(STORE_CLOSED_MESSAGE));
    return Promise.resolve(query(this.snap));
  }

  /** One queue per store, and one store per folder (the lock), so writes never interleave. */
  write<R>(change: (snap: Snapshot, now: string) => Change<R>): Promise<R> {
    if (this.closing) return Promise.reject(new Error(STORE_CLOSED_MESSAGE));
    if (!this.lock) return this.regainLock().then(() => this.queue.push(change));
    return this.queue.push(change);
  }

  /**
   * A read-only store's way back (docs/decisions/083-read-only-start.md): each write first tries
   * the lock again. Once it holds, db.json is read anew, since another process may have held the
   * folder and saved in between, and the store writes as if it had started so.
   */
  private regainLock(): Promise<void> {
    this.regaining ??= (async () => {
      const locked = await lockOrReadOnly(this.dir).catch((error: unknown) => {
        console.error("The data folder's lock could not be taken:", error);
        return { refused: new HttpError(503, READ_ONLY_MESSAGES.heldElsewhere) };
      });
      if ("refused" in locked) {
        const code = locked.refused instanceof StorageError ? locked.refused.code : "EBUSY";
        this.outcome = { at: this.outcome.at, error: { code, message: locked.refused.message } };
        throw locked.refused;
      }
      try {
        if (this.file instanceof JournalledDbFile) this.file.writable = true;
        await this.low.read();
      } catch (error) {
        await locked.lock.release();
        throw error;
      }
      this.lock = locked.lock;
      const before = this.snap;
      this.snap = buildSnapshot(this.low.data);
      this.outcome = { at: this.outcome.at, error: null };
      this.emit(ALL_KINDS, before, this.snap);
    })().finally(() => (this.regaining = undefined));
    return this.regaining;
  }

  lastWrite() {
    return this.outcome;
  }
  foldTrouble() {
    return this.file instanceof JournalledDbFile ? this.file.foldTrouble : undefined;
  }

  /** The activity entries that the journal's records carried at start (journalled-db-file.ts). */
  journalledActivity(): readonly ActivityEntry[] {
    return this.file instanceof JournalledDbFile ? this.file.journalledActivity : [];
  }
  retryWrite() {
    // A copy of the same data: the queue saves only a changed snapshot, and nothing is reported changed.
    return this.write((s) => ({ next: { ...s.data }, result: undefined, kinds: [] }));
  }

  /**
   * Folds the journal into db.json now (`npm run db compact`, and before a backup): answers how
   * many records it folded. A read-only store holds no lock and folds nothing.
   */
  async compact(): Promise<number> {
    if (this.closing) throw new Error(STORE_CLOSED_MESSAGE);
    // Not after the queue is idle: under steady writes it never is. What is committed is folded.
    if (!this.lock || !(this.file instanceof JournalledDbFile)) return 0;
    const pending = this.file.pending;
    await this.file.fold();
    return pending;
  }

  close() {
    this.closing ??= this.queue.idle().then(async () => {
      this.clearListeners();
      // A clean stop leaves db.json whole; should the fold fail, the journal still holds every change.
      if (this.lock && this.file instanceof JournalledDbFile) await this.file.close().catch(logFoldFailure);
      await this.lock?.release();
    });
    return this.closing;
  }
}
