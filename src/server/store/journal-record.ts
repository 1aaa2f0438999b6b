import { crc32 } from "node:zlib";
import { changedRecords, commonEnds } from "./changed-records";
import type { DbFile } from "./db-schema";

/**
 * What one write changed in db.json, as the journal holds it (docs/decisions/092-a-journal-beside-db-json.md).
 * Every top-level section of db.json is journalled without being named anywhere: a list whose
 * records all carry a numeric `id` as the records added, changed or removed; anything else
 * (settings, meta, tagRedirects, a section a later release adds) as its whole new value.
 */
type Identified = { readonly id: number };
type Sections = Record<string, unknown>;

/** `set`: the section's new value; `unset`: the section is gone; `records`: [index in the list, record] and removed ids. */
export type SectionChange =
  { set: unknown } | { unset: true } | { records: { upsert: [index: number, record: Identified][]; remove: number[] } };

/**
 * `activity`: the activity entries that record this change, when it carries any, so a kill
 * between this append and activity.jsonl's loses none: the next start adds back those the log
 * lacks (docs/decisions/163-activity-written-with-its-change.md). They are not part of db.json.
 */
export type JournalRecord = { seq: number; sections: Record<string, SectionChange>; activity?: unknown[] };

/** Past this share of a list, a write journals the whole list: a restore or an import, not an edit. */
const WHOLE_LIST_SHARE = 0.25;
const SMALL_LIST = 64;

const hasId = (record: unknown): record is Identified =>
  typeof record === "object" && record !== null && typeof (record as Partial<Identified>).id === "number";

/**
 * The sections `next` changed from `prev`. Records are frozen and a write reuses every record and
 * section it did not touch (db-snapshot.ts), so an untouched section is the very same object and
 * costs one comparison, and a list's changed records are found as changed-records.ts finds them.
 */
export function diffSections(prev: DbFile, next: DbFile): Record<string, SectionChange> {
  const before = prev as unknown as Sections;
  const after = next as unknown as Sections;
  const changes: Record<string, SectionChange> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [old, now] = [before[key], after[key]];
    if (old === now) continue;
    if (now === undefined) changes[key] = { unset: true };
    else changes[key] = (Array.isArray(old) && Array.isArray(now) && recordChanges(old, now)) || { set: now };
  }
  return changes;
}

/**
 * A list's changes as records, or undefined when it is to be written whole: a list of other values
 * than records with ids (told by its first records and every changed one, not a pass over
 * 10,000 posts per write), or one that changed in large part (a restore, an import).
 */
function recordChanges(old: readonly unknown[], now: readonly unknown[]): SectionChange | undefined {
  if (![old[0], now[0]].every((first) => first === undefined || hasId(first))) return undefined;
  const { start, end } = commonEnds(old, now);
  const middle = now.slice(start, now.length - end);
  if (!middle.every(hasId) || !old.slice(start, old.length - end).every(hasId)) return undefined;
  const { upsert, remove } = changedRecords(old as Identified[], undefined, now as Identified[]);
  if (upsert.length + remove.length > Math.max(SMALL_LIST, now.length * WHOLE_LIST_SHARE)) return undefined;
  // Each record with its place in the list, so a replay rebuilds the list in the very same order.
  const changed = new Set<Identified>(upsert);
  const placed: [number, Identified][] = [];
  middle.forEach((record, i) => changed.has(record) && placed.push([start + i, record]));
  return { records: { upsert: placed, remove } };
}

/**
 * `data` with a record's changes made, in place: `data` is a replay's own copy, read from disk
 * and not yet frozen. Records keep their order: the untouched ones as they were, each written
 * one at the place the write gave it.
 */
export function applySections(data: DbFile, sections: Record<string, SectionChange>): void {
  const target = data as unknown as Sections;
  for (const [key, change] of Object.entries(sections)) {
    if ("unset" in change) delete target[key];
    else if ("set" in change) target[key] = change.set;
    else {
      const { upsert, remove } = change.records;
      const gone = new Set([...remove, ...upsert.map(([, r]) => r.id)]);
      const list = ((target[key] ?? []) as Identified[]).filter((r) => !gone.has(r.id));
      for (const [index, record] of upsert) list.splice(index, 0, record);
      target[key] = list;
    }
  }
}

/** One line per record: `<crc32 of the JSON, 8 hex digits> <JSON>\n`; JSON escapes every newline inside it. */
export function encodeRecord(record: JournalRecord): Buffer {
  const json = Buffer.from(JSON.stringify(record), "utf8");
  return Buffer.concat([Buffer.from(`${checksum(json)} `), json, Buffer.from("\n")]);
}

const checksum = (bytes: Uint8Array) => crc32(bytes).toString(16).padStart(8, "0");

/** A line's record, or undefined when its checksum or shape is wrong (torn or damaged). */
export function decodeRecord(line: Buffer): JournalRecord | undefined {
  if (line.length < 10 || line[8] !== 0x20) return undefined;
  const json = line.subarray(9);
  if (line.toString("latin1", 0, 8) !== checksum(json)) return undefined;
  try {
    const record = JSON.parse(json.toString("utf8")) as Partial<JournalRecord>;
    const valid = Number.isSafeInteger(record.seq) && typeof record.sections === "object" && record.sections !== null;
    return valid ? (record as JournalRecord) : undefined;
  } catch {
    return undefined;
  }
}
