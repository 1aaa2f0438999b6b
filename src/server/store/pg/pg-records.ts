import { changedRecords } from "~/server/store/changed-records";
import type { DbFile } from "~/server/store/db-schema";
import { columnName, LISTS, type ListDeclaration } from "~/server/collections";

/**
 * How each list of db.json maps onto its table, as its declaration says
 * (src/server/collections/; the tables come from migrations/001, 002, 012, 013, 015 and 017). Records
 * go in and come out exactly as the JSON store keeps them: a field without a column of its own (a
 * key from another release), and a date the timestamptz column cannot give back character for
 * character, travel in the row's `extra`, which wins when the record is read back
 * (docs/decisions/040-postgres-store-mirrors-the-records.md).
 */
type Kind = "value" | "time";
type Column = readonly [field: string, column: string, kind?: Kind];

export type CollectionKey = ListDeclaration["key"];
/** `counted`: named in the db commands' summary of a site ("3 posts, 4 tags, 1 user, 0 messages"). */
export type Collection = {
  key: CollectionKey;
  table: string;
  columns: readonly Column[];
  counted?: boolean;
  /** What an older release's row lacks, filled as it is read (the declaration's `complete`). */
  complete?: (record: never) => object;
};
export type Row = Record<string, unknown>;
type Rec = { id: number } & Record<string, unknown>;

export const COLLECTIONS: readonly Collection[] = LISTS.map(({ key, table, columns, counted, complete }) => ({
  key,
  table,
  counted,
  complete,
  columns: columns.map(([field, kind]) => [field, columnName(field), kind] as const),
}));

/** Stands in the column for a date it cannot hold; the real text is in `extra`. */
const NO_INSTANT = "1970-01-01T00:00:00.000Z";
const ISO_FORM = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The text itself when a timestamptz gives it back unchanged (our own `toISOString()` dates). */
function exactInstant(value: unknown): string | undefined {
  if (typeof value !== "string" || !ISO_FORM.test(value)) return undefined;
  const time = new Date(value);
  return !Number.isNaN(time.getTime()) && time.toISOString() === value ? value : undefined;
}

export function toRow(collection: Collection, record: object): Row {
  const source = record as Record<string, unknown>;
  const row: Row = {};
  const extra: Row = {};
  const known = new Set<string>();
  for (const [field, column, kind] of collection.columns) {
    known.add(field);
    const value = source[field];
    if (value === undefined) row[column] = null;
    else if (kind === "time") {
      const instant = exactInstant(value);
      row[column] = instant ?? NO_INSTANT;
      if (instant === undefined) extra[field] = value;
    } else row[column] = value;
  }
  for (const [field, value] of Object.entries(source)) if (!known.has(field)) extra[field] = value;
  row.extra = extra;
  return row;
}

export function fromRow<T>(collection: Collection, row: Row): T {
  const record: Row = {};
  for (const [field, column, kind] of collection.columns) {
    const value = row[column];
    if (value === null || value === undefined) continue; // an absent optional field stays absent
    record[field] = kind === "time" ? (value as Date).toISOString() : value;
  }
  Object.assign(record, row.extra as Row);
  return (collection.complete ? collection.complete(record as never) : record) as T;
}

/** A collection absent from an older file holds no record. */
export const recordsOf = (data: DbFile, key: CollectionKey) => (data[key] ?? []) as readonly Rec[];

/** What a write changed in one collection: the records to write and the ids to remove. */
export type CollectionDiff = { collection: Collection; upsert: Rec[]; remove: number[] };

const COLLECTION_KEYS = new Set<string>([...COLLECTIONS.map((c) => c.key), "meta"]);

/** The top-level entries of db.json kept whole in store_documents: every key but the collections and meta. */
export const documentNames = (data: DbFile) => Object.keys(data).filter((key) => !COLLECTION_KEYS.has(key));

export type DocumentDiff = { upsert: [name: string, doc: unknown][]; remove: string[] };

export function diffDocuments(prev: DbFile, next: DbFile): DocumentDiff {
  const before = prev as unknown as Record<string, unknown>;
  const after = next as unknown as Record<string, unknown>;
  const names = new Set([...documentNames(prev), ...documentNames(next)]);
  const diff: DocumentDiff = { upsert: [], remove: [] };
  for (const name of names) {
    if (before[name] === after[name]) continue;
    if (after[name] === undefined) diff.remove.push(name);
    else diff.upsert.push([name, after[name]]);
  }
  return diff;
}

/** The id indexes a snapshot already holds, so a write at 10,000 posts builds none of its own. */
export type IdIndexes = Partial<Record<CollectionKey, ReadonlyMap<number, unknown>>>;

const byId = (records: readonly Rec[], index?: ReadonlyMap<number, unknown>) =>
  (index as ReadonlyMap<number, Rec> | undefined) ?? new Map(records.map((r) => [r.id, r]));

/**
 * Records are frozen and a change reuses every one it did not touch (db-snapshot.ts), so a
 * record that is not the very same object as before is new or changed.
 */
export function diffData(prev: DbFile, next: DbFile, prevIndex: IdIndexes = {}) {
  const diffs: CollectionDiff[] = [];
  for (const collection of COLLECTIONS) {
    const before = recordsOf(prev, collection.key);
    const after = recordsOf(next, collection.key);
    if (before === after) continue;
    const { upsert, remove } = changedRecords(before, byId(before, prevIndex[collection.key]), after);
    if (upsert.length || remove.length) diffs.push({ collection, upsert, remove });
  }
  return diffs;
}

/**
 * A value as `jsonb` gives it back: object keys shorter first, then by their UTF-8 bytes, and no
 * key whose value is undefined (https://www.postgresql.org/docs/15/datatype-json.html: jsonb
 * "does not preserve the order of object keys"). The writer keeps this form of what it wrote,
 * so it answers the same bytes as an instance that read the change from the database
 * (docs/decisions/164-one-form-of-the-records-on-every-instance.md).
 */
export function asJsonb(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : asJsonb(item)));
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Date) return value.toISOString();
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, Buffer.from(k), asJsonb(v)] as const);
  entries.sort(([, a], [, b]) => a.length - b.length || Buffer.compare(a, b));
  return Object.fromEntries(entries.map(([k, , v]) => [k, v]));
}

/** A record as an instance reading its row gets it back (fromRow of the row toRow writes). */
export function asRead<T>(collection: Collection, record: object): T {
  const row = toRow(collection, record);
  const read: Row = {};
  for (const [, column, kind] of collection.columns) {
    const value = row[column];
    read[column] = value === null ? null : kind === "time" ? new Date(value as string) : asJsonb(value);
  }
  read.extra = asJsonb(row.extra);
  return fromRow<T>(collection, read);
}

/**
 * The data as every instance reads it after a write (loadAll and catchUp, pg-sync.ts): the
 * records and documents the write changed in their read form, and each collection but the posts
 * (which the snapshot sorts) ordered by id.
 */
export function asReadData(data: DbFile, diffs: readonly CollectionDiff[], documents: DocumentDiff): DbFile {
  const next = { ...data } as unknown as Record<string, unknown>;
  for (const { collection, upsert } of diffs) {
    const changed = new Set<unknown>(upsert);
    const records = recordsOf(data, collection.key).map((r) => (changed.has(r) ? asRead<Rec>(collection, r) : r));
    if (collection.key !== "posts") records.sort((a, b) => a.id - b.id);
    next[collection.key] = records;
  }
  for (const [name, doc] of documents.upsert) next[name] = asJsonb(doc);
  return next as unknown as DbFile;
}
