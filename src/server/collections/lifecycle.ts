import { z } from "zod";
import { id, listOf, MAX_ID, text } from "./fields";
import { actorSchema } from "./revisions";

/** An editor's note on a record sent back to its contributor: what to change, who asked and when. */
export const reviewNoteSchema = z.object({ note: text(), by: text("name"), at: text("date") });

/**
 * The fields of a record that goes through the publishing lifecycle (src/server/lifecycle/,
 * docs/decisions/206-one-publishing-lifecycle.md): whether it is public and since when, its
 * schedule, its place in the review queue, its search and social settings, who made and last
 * saved it, its authors and its preview links. A collection that opts in spreads these into its
 * record schema, so each is declared once.
 */
export const lifecycleFields = {
  published: z.boolean(),
  /** When the draft was created; never moves. */
  createdAt: text("date"),
  /**
   * When it first went public, by hand, on schedule or by a restore: its public date and the
   * public lists' order (docs/decisions/185-published-means-published.md). Absent on one never
   * published.
   */
  publishedAt: text("date").optional(),
  updatedAt: text("date"),
  // The search and social settings (docs/decisions/116-per-post-search-settings.md), each absent when unset.
  metaTitle: text().optional(),
  metaDescription: text().optional(),
  socialImage: text("url").optional(),
  canonicalUrl: text("url").optional(),
  noindex: z.boolean().optional(),
  /**
   * Its place in the review queue (docs/decisions/126-review-before-publish.md): when and by whom
   * it was submitted, absent when it is not awaiting review; the note of the editor who last sent it
   * back, until it is submitted again.
   */
  submittedAt: text("date").optional(),
  submittedBy: id.optional(),
  reviewNote: reviewNoteSchema.optional(),
  /**
   * A schedule (docs/decisions/120-scheduled-publishing-exactly-once.md): when a draft goes public
   * by itself (UTC, ISO 8601) and who set it, so the publish is theirs; both go when it is published.
   */
  publishAt: text("date").optional(),
  scheduledBy: id.optional(),
  /** A schedule carried out after its time (the server was down, a write failed): when it was due and when it went out. */
  publishedLate: z.object({ planned: text("date"), published: text("date") }).optional(),
  /** Who created it and who saved it last (user ids); absent on older records. */
  createdBy: id.optional(),
  updatedBy: id.optional(),
  /** Its authors' user ids, in byline order; absent on older posts, read as the creator (docs/decisions/130-bylines-and-author-pages.md). */
  authors: listOf(id, "authors", 1).optional(),
  /**
   * Raised by "Revoke links": a preview link names the value it was made under and works only while
   * the record still has it (docs/decisions/181-shared-preview-links.md); absent means 0.
   */
  previewGeneration: z.number().int().nonnegative().max(MAX_ID).optional(),
};

/** What a record in the trash carries beside its own fields: when it went there, and who sent it. */
export const trashedFields = { deletedAt: text("date"), deletedBy: actorSchema.optional() };
