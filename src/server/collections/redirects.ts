import { z } from "zod";
import type { ListDeclaration } from "./collection";
import { id, nonEmpty, text } from "./fields";

/**
 * An old slug pointing at the record (by id) that now answers for it: a renamed or merged tag,
 * a post whose slug changed (src/server/store/slug-redirects.ts). Kept as db.json's
 * `tagRedirects` and `postRedirects`, whole documents in PostgreSQL.
 */
export const slugRedirectRecordSchema = z.object({ from: nonEmpty(), to: id });
export const slugRedirectSchema = slugRedirectRecordSchema.loose();

/**
 * An old address of the site that answers 301 to a new one (docs/decisions/251-old-addresses-kept-as-redirects.md):
 * `path` is a path, and for WordPress's `/?p=ID` its query, as redirects.ts `redirectKey` writes it; `target`
 * is a path on this site. Made by an import (with the `source` of the record it leads to) or by an
 * admin in the Redirects panel, and kept in backups.
 */
export const redirectRecordSchema = z.object({
  id,
  path: nonEmpty("url"),
  target: nonEmpty("url"),
  createdAt: text("date"),
  /** The import that made it ("wordpress:12", "ghost:5f3a..."); absent on one an admin added. */
  source: text().optional(),
});
export const storedRedirectSchema = redirectRecordSchema.loose();

export const redirects: ListDeclaration = {
  key: "redirects",
  // Files from before redirects have none.
  whenMissing: "leave",
  stored: storedRedirectSchema,
  // migrations/028: the source travels in `extra`.
  table: "redirects",
  columns: [["id"], ["path"], ["target"], ["createdAt", "time"]],
  unique: [{ of: (r: { id: number }) => r.id }, { of: (r: { path: string }) => r.path }],
  counter: { name: "nextRedirectId", whenAny: true },
};
