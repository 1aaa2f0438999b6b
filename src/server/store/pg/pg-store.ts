import type pg from "pg";
import { LISTS } from "~/server/collections";
import type { OutboxClaims } from "~/server/outbox/outbox-claims";
import type { CounterFactory } from "~/server/http/rate-limiter";
import { ConflictError, HttpError } from "~/server/http/errors";
import type { Change } from "~/server/store/change";
import type { DbFile } from "~/server/store/db-schema";
import { buildSnapshot, type Snapshot } from "~/server/store/db-snapshot";
import { STORE_CLOSED_MESSAGE } from "~/server/store/json-store";
import { countPosts } from "~/shared/operations";
import { seedData } from "~/server/store/seed";
import { SnapshotStore } from "~/server/store/snapshot-store";
import type { StoreEngine, WriteOutcome } from "~/server/store/types";
import { migrate, type Migration } from "./migrate";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { insertActivity } from "./pg-activity-rows";
import { listenTo, type Listening } from "./pg-listener";
import { startErrorOf } from "./pg-errors";
import { pgOutboxClaims } from "./pg-outbox-claims";
import { openPool } from "./pg-pool";
import { repositoryMigrations } from "./migrations";
import { asReadData, COLLECTIONS, diffData, diffDocuments, recordsOf } from "./pg-records";
import { beginLocked, catchUp, CHANGES_CHANNEL, loadAll, persist, type Loaded } from "./pg-sync";

/**
 * The store of docs/decisions/040-postgres-store-mirrors-the-records.md: the same records, rules
 * and messages as the data folder's store, kept in PostgreSQL for any number of instances.
 *
 * - Reads answer from a snapshot in memory, as the JSON store's do: the blog's list pages read
 *   every published post, which a query per page miss would fetch again each time.
 * - A write takes one transaction-level advisory lock shared by every instance, brings the
 *   snapshot up to the database's revision, runs the same change function as the JSON store
 *   (post-changes.ts, record-changes.ts) and writes only the rows it changed, in that transaction.
 * - Every commit notifies the others (LISTEN/NOTIFY); each catches up by reading the changed rows
 *   and tells its `onChange` listeners what changed, read off its snapshots before and after
 *   (records/describe-change.ts), so their page caches drop the same pages as the writer's.
 */
const WRITE_LOCK = 0x0e0e5174;

export type OpenPgStoreOptions = {
  /** Sample posts on the first start of an empty database (default true). */
  seed?: boolean;
  /** For tests; the repository's migrations otherwise. */
  migrations?: Migration[];
};

export const databaseWriteFailedMessage = (code: string) =>
  `The last write to the database failed (${code}); nothing of it was saved. Check the database server.`;

export const databaseNotEmptyMessage = (held: string) =>
  `The database already holds ${held}: db import copies a data folder only into an empty database. ` +
  "Create a new database and import into it before the first start.";

const recordCount = (data: DbFile) => COLLECTIONS.reduce((n, c) => n + recordsOf(data, c.key).length, 0);

/** "3 posts, 4 tags, 1 user, 0 messages", for the db commands; site revisions only when there are some. */
export const describeRecords = (data: DbFile) =>
  COLLECTIONS.filter((c) => c.counted)
    .map((c) => countPosts(recordsOf(data, c.key).length, c.key.replace(/s$/, "")))
    .join(", ");

const indexes = (snap: Snapshot) => ({ posts: snap.postsById, users: snap.usersById });

/** PostgreSQL's engine; the app opens it through src/server/records/open-store.ts. */
export async function openPgEngine(url: string, options: OpenPgStoreOptions = {}): Promise<PgStore> {
  const pool = openPool(url, 4);
  try {
    const client = await pool.connect().catch((error: unknown) => {
      throw startErrorOf(url, error);
    });
    let loaded: Loaded;
    try {
      await migrate(client, options.migrations ?? repositoryMigrations());
      // One snapshot of every table, so the revision read matches the rows read.
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      loaded = await loadAll(client);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    const store = new PgStore(url, pool, loaded);
    await store.listen();
    if (loaded.revision === 0 && options.seed !== false) await store.seedIfUnwritten();
    return store;
  } catch (error) {
    await pool.end();
    throw error;
  }
}

export class PgStore extends SnapshotStore implements StoreEngine {
  private snap: Snapshot;
  private revision: number;
  private tail: Promise<unknown> = Promise.resolve();
  private catchUpQueued = false;
  private listening?: Listening;
  private closing?: Promise<void>;
  private outcome: WriteOutcome = { at: null, error: null };

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    loaded: Loaded,
  ) {
    super();
    this.snap = buildSnapshot(loaded.data);
    this.revision = loaded.revision;
  }

  /** One job at a time per instance: writes and catch-ups both replace the snapshot. */
  private serial<T>(job: () => Promise<T>): Promise<T> {
    const run = this.tail.then(job, job);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private install(loaded: Loaded | undefined, snap?: Snapshot) {
    if (!loaded) return;
    const before = this.snap;
    this.snap = snap ?? buildSnapshot(loaded.data, this.snap);
    this.revision = loaded.revision;
    // A catch-up that ends while the store closes tells no one: its listeners' reads would be refused.
    if (!this.closing) this.emit(loaded.kinds, before, this.snap);
  }

  read<T>(query: (snap: Snapshot) => T): Promise<T> {
    if (this.closing) return Promise.reject(new Error(STORE_CLOSED_MESSAGE));
    return Promise.resolve(query(this.snap));
  }

  write<R>(change: (snap: Snapshot, now: string) => Change<R>): Promise<R> {
    if (this.closing) return Promise.reject(new Error(STORE_CLOSED_MESSAGE));
    return this.serial(() => this.commit(change));
  }

  /**
   * Runs `body` in a transaction holding the write lock, on the snapshot caught up to the
   * database's current revision. Typed errors roll back before anything is written.
   */
  private async locked<R>(body: (client: pg.PoolClient) => Promise<R>): Promise<R> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      const state = await beginLocked(client, WRITE_LOCK);
      this.install(await catchUp(client, this.snap.data, this.revision, state));
      return await body(client);
    } catch (error) {
      if (!(error instanceof HttpError)) this.failed(error);
      // A connection that cannot even roll back is closed rather than handed to the next write.
      broken = await client.query("ROLLBACK").then(
        () => undefined,
        (rollbackError: Error) => rollbackError,
      );
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private commit<R>(change: (snap: Snapshot, now: string) => Change<R>): Promise<R> {
    return this.locked(async (client) => {
      const { next, result, kinds, activity } = change(this.snap, new Date().toISOString());
      if (!next) {
        await client.query("COMMIT");
        if (this.outcome.error) this.outcome = { ...this.outcome, error: null };
        return result;
      }
      const written = buildSnapshot(next, this.snap);
      const diffs = diffData(this.snap.data, written.data, indexes(this.snap));
      const documents = diffDocuments(this.snap.data, written.data);
      // What the other instances will read, so this one answers the same bytes (docs/decisions/164-one-form-of-the-records-on-every-instance.md).
      const snap = buildSnapshot(asReadData(written.data, diffs, documents), this.snap);
      const revision = await persist(client, diffs, documents, snap.data.meta, kinds);
      // The entries that record this change commit with it, or not at all (docs/decisions/163-activity-written-with-its-change.md).
      if (activity?.length) await insertActivity(client, activity);
      await client.query("COMMIT");
      this.outcome = { at: new Date().toISOString(), error: null };
      this.install({ data: snap.data, revision, kinds }, snap);
      return result;
    });
  }

  /**
   * The job runs while this instance holds the write lock, so no instance commits until it is
   * done: what it checked still holds when it acts (an image's removal).
   */
  override settled<T>(job: (snap: Snapshot) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new Error(STORE_CLOSED_MESSAGE));
    return this.serial(() =>
      this.locked(async (client) => {
        const result = await job(this.snap);
        await client.query("COMMIT");
        return result;
      }),
    );
  }

  /** For the health report: only the error's code, as a driver's message may name the database's host. */
  private failed(error: unknown) {
    const code = (error as { code?: unknown }).code;
    const known = typeof code === "string" ? code : "unknown";
    if (this.outcome.error?.code !== known) console.error("Writing to PostgreSQL failed:", error);
    this.outcome = { at: this.outcome.at, error: { code: known, message: databaseWriteFailedMessage(known) } };
  }

  /** The sample posts, once: another instance starting at the same moment may have written them. */
  seedIfUnwritten(): Promise<void> {
    return this.write(() => {
      if (this.revision !== 0) return { result: undefined, kinds: [] };
      return { next: seedData(), result: undefined, kinds: ["tags", "posts"] };
    });
  }

  /**
   * Every record, as db.json would hold it (`db export`): a kind of record the site never had
   * (webhooks on a site without any) is left out, as the data folder of the same site leaves it,
   * rather than written as an empty list (collections/collection.ts, `whenMissing: "leave"`).
   */
  exportData(): DbFile {
    const data: Record<string, unknown> = { ...this.snap.data };
    for (const { key, whenMissing } of LISTS) {
      if (whenMissing === "leave" && recordsOf(this.snap.data, key).length === 0) delete data[key];
    }
    return data as DbFile;
  }

  /**
   * A whole data folder's records in one transaction (`db import`), ids and counters included,
   * into a database that holds no record: merging two sites' ids would renumber posts and users.
   */
  importData(data: DbFile): Promise<void> {
    return this.write((snap) => {
      if (recordCount(snap.data) > 0) throw new ConflictError(databaseNotEmptyMessage(describeRecords(snap.data)));
      return { next: data, result: undefined, kinds: ["tags", "posts", "users", "messages", "site"] };
    });
  }

  /** Another instance's commit: read what it changed, in turn with this instance's writes. */
  private scheduleCatchUp() {
    if (this.catchUpQueued || this.closing) return;
    this.catchUpQueued = true;
    this.serial(async () => {
      this.catchUpQueued = false;
      if (this.closing) return;
      const client = await this.pool.connect();
      try {
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        this.install(await catchUp(client, this.snap.data, this.revision));
        await client.query("COMMIT");
      } finally {
        client.release();
      }
    }).catch((error: unknown) => {
      console.error("Could not read another instance's change:", error instanceof Error ? error.message : error);
    });
  }

  /** A connection of its own for LISTEN; when it drops, a new one, then a catch-up for what was missed. */
  async listen(): Promise<void> {
    this.listening = await listenTo(
      this.url,
      [CHANGES_CHANNEL],
      (_channel, payload) => {
        if (Number(payload) > this.revision) this.scheduleCatchUp();
      },
      () => this.scheduleCatchUp(),
    );
  }

  /**
   * A limiter's counts in the rate_limits table, one upsert per hit answering the new count, so
   * every instance decides on the same number (docs/decisions/089-rate-limits-in-postgres.md).
   * The table comes from the migrations; the library deletes rows an hour past their window.
   */
  rateCounters(limiter: string): CounterFactory {
    return (options) =>
      new RateLimiterPostgres({
        ...options,
        storeClient: this.pool,
        storeType: "pool",
        tableName: "rate_limits",
        tableCreated: true,
        keyPrefix: limiter,
      });
  }

  /** The outbox's claims in the outbox_claims table (docs/decisions/165-one-outbox-with-claims.md). */
  outboxClaims(): OutboxClaims {
    return pgOutboxClaims(this.pool);
  }

  /** Round trip to the database, in milliseconds, for the health report. */
  async ping(): Promise<number> {
    const started = performance.now();
    await this.pool.query("SELECT 1");
    return performance.now() - started;
  }

  lastWrite() {
    return this.outcome;
  }
  /** An empty transaction under the write lock: success says the database takes writes again. */
  retryWrite() {
    return this.write(() => ({ result: undefined, kinds: [] }));
  }

  close() {
    this.closing ??= this.tail.then(async () => {
      this.clearListeners();
      await this.listening?.close();
      await this.pool.end();
    });
    return this.closing;
  }
}
