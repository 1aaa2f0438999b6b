import { z } from "zod";
import { SEO_TEXT_FIELDS } from "~/shared/schemas";
import type { ListDeclaration } from "./collection";
import { id, listOf, nonEmpty, text } from "./fields";
import { lifecycleFields, trashedFields } from "./lifecycle";
import { storedTagSchema, tagRecordSchema } from "./tags";

/**
 * A post: every field it has is listed here, once, with the lifecycle's fields it shares with
 * every publishable record (lifecycle.ts; docs/architecture.md section 4). Its type (`Post`,
 * src/server/store/types.ts), db.json's schema, the restore schema of a backup, its table's
 * columns and the fields a save may clear all come from this file.
 */
export const postRecordSchema = z.object({
  id,
  title: text(),
  slug: nonEmpty(),
  summary: text("summary"),
  /** Older posts carry `excerpt` instead of `summary` (docs/product.md section 3): read as the fallback, never lost. */
  excerpt: text("summary").optional(),
  /** Sanitized HTML. */
  content: text("content"),
  coverImage: text("url").optional(),
  tags: listOf(tagRecordSchema, "tags"),
  /** Where a card crops the cover (docs/decisions/118-covers-shown-whole.md). */
  coverFocus: text("date").optional(),
  ...lifecycleFields,
  /**
   * The editor told someone this post holds embedded videos (docs/product.md section 8 "Editor
   * notices"): the notice is shown once per post, not at every opening. Not a save of the post.
   */
  videosNoticed: z.boolean().optional(),
  /** Where an import brought it from ("wordpress:12", "ghost:5f3a..."), so the next import updates it (src/server/import/). */
  source: text().optional(),
  /**
   * "Also send by email": when the post becomes published (now, or by the scheduler), its send
   * to the newsletter is queued once (docs/decisions/247-newsletter-sends-through-the-outbox.md).
   */
  emailOnPublish: z.boolean().optional(),
});
export const storedPostSchema = postRecordSchema
  // A file's older post may have no `summary`; completePost fills it from `excerpt`, keeping both.
  .extend({ summary: z.string().optional(), tags: z.array(storedTagSchema) })
  .loose();

/**
 * What an older release's post lacks, filled when it is read (db.json, a journal, a PostgreSQL row,
 * a backup): a post with `excerpt` and no `summary` reads the excerpt as its summary, keeping both
 * (docs/product.md section 3), and a published post without `publishedAt` went public when it was
 * created, as far as anyone can tell (docs/decisions/185-published-means-published.md). The stored
 * file or row is left as it was until the post's next write; a post that needs nothing is handed
 * back as it is.
 */
export function completePost<
  P extends { published: boolean; createdAt: string; publishedAt?: string; summary?: string; excerpt?: string },
>(post: P): P & { summary: string } {
  let read = post;
  if (read.summary === undefined) read = { ...read, summary: read.excerpt ?? "" };
  if (read.published && read.publishedAt === undefined) read = { ...read, publishedAt: read.createdAt };
  return read as P & { summary: string };
}

/**
 * What a revision keeps of a post (src/server/posts/post-revisions.ts): the fields a writer
 * changes, the cover as "" when there is none, and the tags by name as the post form sends them.
 */
export const postSnapshotSchema = postRecordSchema
  .pick({
    title: true,
    slug: true,
    summary: true,
    content: true,
    published: true,
    publishAt: true,
    metaTitle: true,
    metaDescription: true,
    socialImage: true,
    canonicalUrl: true,
    noindex: true,
    coverFocus: true,
    authors: true,
  })
  .extend({ coverImage: text("url"), tags: listOf(text("name"), "tags") });

/** The optional text fields a save clears with "" (docs/api.md): the cover and the search and social settings. */
export const CLEARED_BY_EMPTY = ["coverImage", ...SEO_TEXT_FIELDS] as const satisfies readonly (keyof z.infer<
  typeof postRecordSchema
>)[];

/**
 * What a revision holds for a field its post lacks: the cover is "" (revisions have always held
 * it so, and a version compares equal to one saved before); every other field is left out.
 */
export const SNAPSHOT_BLANKS = { coverImage: "" } as const;

/** The cover's field, for code that writes posts from outside input by field (an import, src/server/import/). */
export const COVER_FIELD = "coverImage" as const satisfies keyof z.infer<typeof postRecordSchema>;

/** The fields that may name images of the media library, which are kept while a post uses them. */
export const MEDIA_FIELDS = ["coverImage", "socialImage", "content"] as const satisfies readonly (keyof z.infer<
  typeof postRecordSchema
>)[];

/** A deleted post, kept with its revisions until the trash period ends (docs/architecture.md section 4). */
export const trashedPostRecordSchema = postRecordSchema.extend(trashedFields);
// Posts enter the trash through the store, summary filled, so the schema needs no fallback.
const trashedPostSchema = trashedPostRecordSchema.extend({ tags: z.array(storedTagSchema) }).loose();

const postKeys = [{ of: (p: { id: number }) => p.id }, { of: (p: { slug: string }) => p.slug }];

export const posts: ListDeclaration = {
  key: "posts",
  whenMissing: "refuse",
  stored: storedPostSchema,
  table: "posts",
  columns: [
    ["id"],
    ["title"],
    ["slug"],
    ["summary"],
    ["excerpt"],
    ["content"],
    ["coverImage"],
    ["published"],
    ["createdAt", "time"],
    ["updatedAt", "time"],
    ["tags"],
    // migrations/012
    ["metaTitle"],
    ["metaDescription"],
    ["socialImage"],
    ["canonicalUrl"],
    ["noindex"],
    ["coverFocus"],
    // migrations/013
    ["publishAt", "time"],
    // migrations/014
    ["submittedAt", "time"],
    ["submittedBy"],
    // migrations/015
    ["authors"],
    // migrations/017
    ["publishedAt", "time"],
  ],
  counted: true,
  complete: completePost,
  unique: postKeys,
  counter: { name: "nextPostId" },
};

/** A trashed post keeps its id and slug reserved (docs/architecture.md section 4), and its id's place in the counter. */
export const trash: ListDeclaration = {
  key: "trash",
  stored: trashedPostSchema,
  whenMissing: "leave",
  table: "post_trash",
  columns: [["id"], ["deletedAt", "time"]],
  complete: completePost,
  unique: postKeys.map((key) => ({ ...key, alsoIn: "posts" as const })),
  counter: { name: "nextPostId" },
};
