import { z } from "zod";

/**
 * The building blocks of the record declarations (docs/architecture.md section 4). A field's
 * schema says what db.json may hold; its bound, kept in `bounds` beside the schema, says how long
 * it may be in outside input (a backup), where the restore schema adds it (src/server/backups/restored-schema.ts).
 * db.json itself gets no length limits: a start must never refuse what an older release saved.
 */
export type Bound = "text" | "summary" | "content" | "url" | "date" | "name" | "tags" | "authors" | "fields" | "blocks";
export const bounds = z.registry<{ bound: Bound }>();

/**
 * Ids are integers from 1 to MAX_ID (2^31 - 1, a PostgreSQL `integer`), far inside JavaScript's
 * safe integers, so `id + 1` is always exact and a counter can never leave the range the next
 * start accepts. Counters hold the next id, so they may be one above.
 */
export const MAX_ID = 2_147_483_647;
export const id = z.number().int().positive().max(MAX_ID);
export const idCounter = z
  .number()
  .int()
  .positive()
  .max(MAX_ID + 1);

/** A string field with its bound in outside input; "text" (a title, a setting) when not named. */
export const text = (bound: Bound = "text") => z.string().register(bounds, { bound });
/** A string that may not be empty. */
export const nonEmpty = (bound: Bound = "text") => z.string().min(1).register(bounds, { bound });
/** A list with its bound in outside input, and at least `min` items. */
export const listOf = <T extends z.ZodType>(item: T, bound: Bound, min = 0) =>
  z.array(item).min(min).register(bounds, { bound });
