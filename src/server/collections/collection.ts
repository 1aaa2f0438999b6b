import type { z } from "zod";

/** A column of a collection's table: its record field, and whether it holds a timestamptz. */
export type Column = readonly [field: string, kind?: "time"];

/** The counters db.json's `meta` keeps, each one above every id its lists hold (db-schema.ts). */
export type Counter =
  | "nextPostId"
  | "nextTagId"
  | "nextUserId"
  | "nextMessageId"
  | "nextRevisionId"
  | "nextApiTokenId"
  | "nextWebhookId"
  | "nextWebhookDeliveryId"
  | "nextInvitationId"
  | "nextRedirectId"
  | "nextPageId"
  | "nextSubscriberId"
  | "nextNewsletterSendId"
  | "nextNewsletterDeliveryId";

/**
 * One kind of record kept as a list: in db.json under `key`, in PostgreSQL as the rows of `table`.
 * Declared once, in its own file of this folder; the store loops over the declarations
 * (index.ts) for the stored schema, the duplicate checks, the counters and the tables.
 */
export type ListDeclaration = {
  key:
    | "posts"
    | "tags"
    | "users"
    | "messages"
    | "revisions"
    | "trash"
    | "apiTokens"
    | "webhooks"
    | "webhookDeliveries"
    | "invitations"
    | "redirects"
    | "pages"
    | "pageTrash"
    | "subscribers"
    | "newsletterSends"
    | "newsletterDeliveries";
  /** As stored: loose, so a field of another release is kept and written back (db-schema.ts). */
  stored: z.ZodType;
  /**
   * A file without the list: refused ("refuse": no db.json lacks its posts), read as [] ("empty"),
   * or left out ("leave": older files, from before the kind existed).
   */
  whenMissing: "refuse" | "empty" | "leave";
  /** Its table (migrations name it); fields without a column travel in the row's `extra` (pg-records.ts). */
  table: string;
  columns: readonly Column[];
  /** Named in the db commands' summary of a site ("3 posts, 4 tags, 1 user, 0 messages"). */
  counted?: boolean;
  /**
   * Keys no two records may share, each named for the error: a second record with one would make
   * lookups ambiguous, so the file is refused. `alsoIn` lists whose records share the keys (the
   * trash keeps its posts' ids and slugs reserved).
   */
  unique?: readonly { of: (record: never) => unknown; alsoIn?: ListDeclaration["key"] }[];
  /**
   * Fills what an older release's record lacks, when it is read from db.json, a journal or a row:
   * the store's files and rows are left as they were (db-schema.ts `completeDbFile`, pg-records.ts).
   */
  complete?: (record: never) => object;
  /** The meta counter its new ids come from; `whenAny`: kept only once a record exists. */
  counter?: { name: Counter; whenAny?: boolean };
};

/** A column's name: the field's in snake case (`createdAt`, `created_at`). */
export const columnName = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
