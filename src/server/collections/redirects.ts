import { z } from "zod";
import { id, nonEmpty } from "./fields";

/**
 * An old slug pointing at the record (by id) that now answers for it: a renamed or merged tag,
 * a post whose slug changed (src/server/store/slug-redirects.ts). Kept as db.json's
 * `tagRedirects` and `postRedirects`, whole documents in PostgreSQL.
 */
export const slugRedirectRecordSchema = z.object({ from: nonEmpty(), to: id });
export const slugRedirectSchema = slugRedirectRecordSchema.loose();
