import { z } from "zod";
import { MAX_AUTHORS } from "~/shared/authors";
import { bounds, id, MAX_ID, type Bound } from "~/server/collections/fields";

/**
 * A restored post's id is at most this, leaving over a billion ids above it for new posts: a
 * backup whose post has the highest possible id would otherwise leave no id for the next one.
 */
export const MAX_RESTORED_ID = 1_000_000_000;

/** Bounds of a restored post, generous beside what the editor accepts, so old posts still fit. */
export const RESTORE_LIMITS = {
  text: 2_000,
  content: 1_000_000,
  url: 2_048,
  date: 64,
  tags: 100,
  tagText: 200,
  posts: 100_000,
  activity: 1_000_000,
  users: 10_000,
  messages: 1_000_000,
} as const;

/** Each bound a declaration names (src/server/collections/fields.ts), as a length in a backup. */
const LENGTHS: Record<Bound, number> = {
  text: RESTORE_LIMITS.text,
  summary: RESTORE_LIMITS.text * 5,
  content: RESTORE_LIMITS.content,
  url: RESTORE_LIMITS.url,
  date: RESTORE_LIMITS.date,
  name: RESTORE_LIMITS.tagText,
  tags: RESTORE_LIMITS.tags,
  authors: MAX_AUTHORS,
  fields: 20,
  blocks: 500,
};

const restoredId = id.max(Math.min(MAX_RESTORED_ID, MAX_ID));

/**
 * A record's schema as a backup may hold it, made from its declaration: the fields this release
 * knows and nothing else (unlike db.json, which keeps fields of other releases, a backup is
 * outside input, so keys it does not know are dropped: zod's z.object strips them without reading
 * them), every string and list bounded by the length its field declares ("text" when it names
 * none), and ids below MAX_RESTORED_ID. Nothing a backup holds can then grow db.json beyond its
 * records, or nest deeper than one.
 */
export function restoredSchemaOf<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>> {
  return restored(schema) as z.ZodType<z.output<T>>;
}

function restored(schema: z.ZodType): z.ZodType {
  const length = LENGTHS[bounds.get(schema)?.bound ?? "text"];
  if (schema === id) return restoredId;
  if (schema instanceof z.ZodOptional) return restored(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodString) return schema.max(length);
  if (schema instanceof z.ZodArray) {
    // A copy with the element restored, keeping the list's own checks (a minimum), then its bound.
    const element = restored(schema.element as z.ZodType);
    return schema.clone({ ...schema._zod.def, element }).max(length);
  }
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return z.object(Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, restored(field)])));
  }
  return schema;
}
