import { z } from "zod";
import { dbFileSchema, describeIssues, findDuplicates, type DbFile } from "./db-schema";
import type { JournalRecord } from "./journal-record";

/**
 * A journal record is checked as db.json is (docs/decisions/161-journal-records-checked-as-db-json.md):
 * a record with a good checksum may still come from a newer release or a faulty writer, and one
 * applied unchecked would break every page that reads it, then be folded into a db.json the next
 * start refuses. Each change is checked against its section's schema in db-schema.ts before it is
 * applied; what only the whole data shows (two records with one key) is checked once the replay
 * is done, and blamed on the record that brought the second of the two.
 */
type Sections = Record<string, unknown>;

const sectionSchemas = dbFileSchema.shape as Record<string, z.ZodType | undefined>;

/** A list section's record schema, or undefined when the section is not a list. */
function recordSchemaOf(schema: z.ZodType): z.ZodType | undefined {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
    return recordSchemaOf(schema.unwrap() as z.ZodType);
  return schema instanceof z.ZodArray ? (schema.element as z.ZodType) : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isIndex = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/** What is wrong with one record, said for the operator; undefined when it may be applied to `data`. */
export function recordProblem(record: JournalRecord, data: DbFile): string | undefined {
  if (!isObject(record.sections)) return "it names no sections";
  for (const [key, change] of Object.entries(record.sections)) {
    const problem = changeProblem(key, change, (data as unknown as Sections)[key]);
    if (problem) return `section "${key}": ${problem}`;
  }
  return undefined;
}

function changeProblem(key: string, change: unknown, current: unknown): string | undefined {
  // A section this release does not know (a later release's) is kept as it is, as in db.json.
  const schema = sectionSchemas[key];
  const kind = isObject(change) ? Object.keys(change) : [];
  if (!isObject(change) || kind.length !== 1) return "a change of a kind this release does not know";
  if ("unset" in change) {
    if (change.unset !== true) return "a change of a kind this release does not know";
    const absent = schema?.safeParse(undefined);
    return !absent || (absent.success && absent.data === undefined) ? undefined : "removed, which db.json must have";
  }
  if ("set" in change) {
    const result = schema?.safeParse(change.set);
    return !result || result.success ? undefined : describeIssues(result.error.issues);
  }
  if (!("records" in change)) return "a change of a kind this release does not know";
  const { records } = change;
  if (!isObject(records) || !Array.isArray(records.upsert) || !Array.isArray(records.remove)) {
    return "a change of records of the wrong shape";
  }
  if (!records.remove.every((id) => typeof id === "number")) return "a removed record's id is not a number";
  const recordSchema = schema && recordSchemaOf(schema);
  if (schema ? !recordSchema : current !== undefined && !Array.isArray(current)) {
    return "a change of records to a section that is not a list";
  }
  for (const entry of records.upsert as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2 || !isIndex(entry[0])) {
      return "a changed record without its place in the list";
    }
    const item: unknown = entry[1];
    if (!isObject(item) || typeof item.id !== "number") return "a changed record without a numeric id";
    const result = recordSchema?.safeParse(item);
    if (result && !result.success) return `the record with id ${item.id}: ${describeIssues(result.error.issues)}`;
  }
  return undefined;
}

/**
 * Which record of a replay brought each record object into the data, so a clash found once the
 * replay is done is blamed on the record that made it.
 */
export class ReplayOrigins {
  private readonly origins = new WeakMap<object, number>();

  note(sections: JournalRecord["sections"], index: number): void {
    for (const change of Object.values(sections)) {
      const added =
        "records" in change ? change.records.upsert.map(([, r]) => r) : "set" in change ? change.set : undefined;
      if (Array.isArray(added))
        for (const item of added as unknown[]) if (isObject(item)) this.origins.set(item, index);
    }
  }

  /**
   * The first clash of keys in the replayed data, with the index of the later record of the two
   * replays that brought the two records sharing a key (at least one did: db.json was checked
   * alone; `last`, the replay's last record, when neither is known).
   */
  firstClash(data: DbFile, last: number): { index: number; problem: string } | undefined {
    const [clash] = findDuplicates(data);
    if (!clash) return undefined;
    const index = Math.max(...clash.records.map((r) => this.origins.get(r) ?? -1));
    return { index: index >= 0 ? index : last, problem: `section "${clash.path[0]}": ${clash.message}` };
  }
}
