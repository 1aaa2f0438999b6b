import type pg from "pg";
import type { DbFile, Meta } from "~/server/store/db-schema";
import type { ChangeKind } from "~/server/store/types";
import {
  COLLECTIONS,
  fromRow,
  recordsOf,
  toRow,
  type CollectionDiff,
  type CollectionKey,
  type DocumentDiff,
  type Row,
} from "./pg-records";

/**
 * Reading the database into the records db.json would hold, and writing a change back as the rows
 * it touched. Every committed write raises `store_state.revision` and logs the ids it changed in
 * `store_changes`, so an instance behind by a few revisions reads only those rows.
 */
export const CHANGES_CHANNEL = "queuesite_store";
/** Revisions kept in store_changes; an instance further behind reads every table again. */
const KEPT_REVISIONS = 1000;
const ALL_KINDS: ChangeKind[] = ["tags", "posts", "users", "messages", "site", "pages"];

type ChangeLog = { kinds: ChangeKind[]; ids: Partial<Record<CollectionKey, number[]>>; documents?: string[] };
export type Loaded = { data: DbFile; revision: number; kinds: ChangeKind[] };

type State = { revision: number; meta: Meta };

const READ_STATE = "SELECT revision, meta FROM store_state";

function stateOf(rows: State[]): State {
  if (!rows[0]) throw new Error("The database has no store_state row: run the migrations again.");
  return rows[0];
}

async function readState(client: pg.ClientBase) {
  return stateOf((await client.query<State>(READ_STATE)).rows);
}

/**
 * Opens a write: BEGIN, the write lock, then the state as of the lock, in one round trip (a simple
 * query may hold several statements; each reads what was committed when it starts, so the state is
 * read after the lock is held). The key is the store's own constant, never input.
 */
export async function beginLocked(client: pg.ClientBase, lock: number): Promise<State> {
  const results = (await client.query(
    `BEGIN; SELECT pg_advisory_xact_lock(${lock}); ${READ_STATE}`,
  )) as unknown as pg.QueryResult<State>[];
  return stateOf(results[2]!.rows);
}

export async function loadAll(client: pg.ClientBase): Promise<Loaded> {
  const state = await readState(client);
  const data = { meta: state.meta } as DbFile;
  for (const collection of COLLECTIONS) {
    const { rows } = await client.query<Row>(`SELECT * FROM ${collection.table} ORDER BY id`);
    Object.assign(data, { [collection.key]: rows.map((row) => fromRow(collection, row)) });
  }
  const documents = await client.query<{ name: string; doc: unknown }>("SELECT name, doc FROM store_documents");
  for (const { name, doc } of documents.rows) Object.assign(data, { [name]: doc });
  return { data, revision: state.revision, kinds: ALL_KINDS };
}

/**
 * The data as of the database's latest revision, from `data` at `revision`: the changed rows
 * only, or everything when the log no longer reaches back that far. Undefined when up to date.
 */
export async function catchUp(
  client: pg.ClientBase,
  data: DbFile,
  revision: number,
  known?: State,
): Promise<Loaded | undefined> {
  const state = known ?? (await readState(client));
  if (state.revision === revision) return undefined;
  const { rows } = await client.query<{ revision: number; changed: ChangeLog }>(
    "SELECT revision, changed FROM store_changes WHERE revision > $1 ORDER BY revision",
    [revision],
  );
  const complete = rows.length === state.revision - revision && rows[0]?.revision === revision + 1;
  if (!complete) return loadAll(client);

  const kinds = new Set<ChangeKind>();
  const next: DbFile = { ...data, meta: state.meta };
  for (const collection of COLLECTIONS) {
    const ids = [...new Set(rows.flatMap((r) => r.changed.ids[collection.key] ?? []))];
    if (ids.length === 0) continue;
    const fetched = await client.query<Row>("SELECT * FROM " + collection.table + " WHERE id = ANY($1::bigint[])", [
      ids,
    ]);
    const gone = new Set(ids);
    const records = recordsOf(data, collection.key).filter((r) => !gone.has(r.id));
    records.push(...fetched.rows.map((row) => fromRow<(typeof records)[number]>(collection, row)));
    // Posts are sorted newest first by the snapshot; the others keep db.json's order, by id.
    if (collection.key !== "posts") records.sort((a, b) => a.id - b.id);
    Object.assign(next, { [collection.key]: records });
  }
  const names = [...new Set(rows.flatMap((r) => r.changed.documents ?? []))];
  if (names.length) {
    const documents = await client.query<{ name: string; doc: unknown }>(
      "SELECT name, doc FROM store_documents WHERE name = ANY($1::text[])",
      [names],
    );
    const found = new Map(documents.rows.map((row) => [row.name, row.doc]));
    for (const name of names) Object.assign(next, { [name]: found.get(name) });
    for (const name of names) if (!found.has(name)) delete (next as unknown as Record<string, unknown>)[name];
  }
  rows.forEach((r) => r.changed.kinds.forEach((kind) => kinds.add(kind)));
  return { data: next, revision: state.revision, kinds: [...kinds] };
}

/**
 * Writes one change inside the caller's transaction: removed rows, then new and changed ones (so
 * a slug freed by one record can be taken by another), the counters, the revision and its log
 * line, and the notification every instance listens for, sent by PostgreSQL only on COMMIT.
 * Answers the new revision.
 */
export async function persist(
  client: pg.ClientBase,
  diffs: CollectionDiff[],
  documents: DocumentDiff,
  meta: Meta,
  kinds: ChangeKind[],
): Promise<number> {
  for (const { collection, remove } of diffs) {
    if (remove.length) await client.query(`DELETE FROM ${collection.table} WHERE id = ANY($1::bigint[])`, [remove]);
  }
  for (const { collection, upsert } of diffs) {
    if (!upsert.length) continue;
    const columns = [...collection.columns.map(([, column]) => column), "extra"];
    const list = columns.join(", ");
    const updates = columns.map((c) => `${c} = EXCLUDED.${c}`).join(", ");
    await client.query(
      `INSERT INTO ${collection.table} (${list})
       SELECT ${list} FROM jsonb_populate_recordset(NULL::${collection.table}, $1::jsonb)
       ON CONFLICT (id) DO UPDATE SET ${updates}`,
      [JSON.stringify(upsert.map((record) => toRow(collection, record)))],
    );
  }
  if (documents.remove.length) {
    await client.query("DELETE FROM store_documents WHERE name = ANY($1::text[])", [documents.remove]);
  }
  for (const [name, doc] of documents.upsert) {
    await client.query(
      "INSERT INTO store_documents (name, doc) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET doc = EXCLUDED.doc",
      [name, JSON.stringify(doc)],
    );
  }
  const log: ChangeLog = {
    kinds,
    ids: Object.fromEntries(diffs.map((d) => [d.collection.key, [...d.upsert.map((r) => r.id), ...d.remove]])),
    documents: [...documents.upsert.map(([name]) => name), ...documents.remove],
  };
  // The revision, its log line, the pruning of old lines and the notification in one round trip.
  const { rows } = await client.query<{ revision: number }>(
    `WITH state AS (UPDATE store_state SET revision = revision + 1, meta = $1 RETURNING revision),
       logged AS (INSERT INTO store_changes (revision, changed) SELECT revision, $2 FROM state),
       pruned AS (DELETE FROM store_changes WHERE revision <= (SELECT revision FROM state) - $3)
     SELECT revision, pg_notify($4, revision::text) FROM state`,
    [JSON.stringify(meta), JSON.stringify(log), KEPT_REVISIONS, CHANGES_CHANNEL],
  );
  const revision = rows[0]!.revision;
  return revision;
}
