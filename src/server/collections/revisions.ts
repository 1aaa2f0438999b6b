import { z } from "zod";
import type { ListDeclaration } from "./collection";
import { id, listOf, nonEmpty, text } from "./fields";

/** Who saved a revision or sent a post to the trash; absent when nobody signed in did (a command-line restore). */
export const actorSchema = z.object({ id, username: text("name") });

/**
 * One saved version of something editors change (src/server/revisions/), whatever it is: the
 * subject names the kind ("post") and its id, the snapshot holds its fields as saved, `changed`
 * names the fields that differ from the version before it.
 */
export const revisionRecordSchema = z.object({
  id,
  subject: nonEmpty("name"),
  subjectId: id,
  by: actorSchema.optional(),
  /** The first save folded into this revision, and the last (revision-changes.ts). */
  createdAt: text("date"),
  savedAt: text("date"),
  changed: listOf(text("name"), "fields"),
  snapshot: z.record(z.string(), z.unknown()),
  /**
   * A History restore (`restoredFrom` names the revision put back), a backup's restore, or a
   * publish of a subject whose every publish is a version of its own (the site content).
   */
  origin: z.enum(["restore", "backup", "publish"]).optional(),
  restoredFrom: id.optional(),
  /**
   * A site revision from before the site's history joined this list
   * (docs/decisions/205-site-history-in-the-revisions.md): the id it had there, so the move is
   * made once, and the name of who published it when no account has that name any more.
   */
  siteRevisionId: id.optional(),
  byName: text("name").optional(),
});
const revisionSchema = revisionRecordSchema.loose();

export const revisions: ListDeclaration = {
  key: "revisions",
  stored: revisionSchema,
  whenMissing: "leave",
  // Post history (migrations/008): the snapshot and the rest of a revision travel in `extra`.
  table: "revisions",
  columns: [["id"], ["subject"], ["subjectId"], ["createdAt", "time"]],
  unique: [{ of: (r: { id: number }) => r.id }],
  counter: { name: "nextRevisionId", whenAny: true },
};
