import type { PostListItem, PostSeo } from "./blog";

/**
 * What the History panel and /api/cms/posts/{id}/revisions speak: a revision's summary in the list,
 * the whole revision, and the messages, shared by the server and the editor.
 */

/** The subject of posts' revisions (src/server/revisions/), preview links and schedules. */
export const POST_SUBJECT = "post";

/** The fields a post's revision keeps, in the order the History panel names them. */
export const POST_REVISION_FIELDS = [
  "title",
  "slug",
  "summary",
  "content",
  "coverImage",
  "tags",
  "published",
  "metaTitle",
  "metaDescription",
  "socialImage",
  "canonicalUrl",
  "noindex",
  "coverFocus",
  "publishAt",
  "authors",
] as const;
export type PostRevisionField = (typeof POST_REVISION_FIELDS)[number];

export type PostSnapshot = {
  title: string;
  slug: string;
  summary: string;
  content: string;
  /** "" for none. */
  coverImage: string;
  tags: string[];
  published: boolean;
  /** The schedule the version had, if any (UTC); a restore leaves the post's own schedule as it is. */
  publishAt?: string;
  /** Its authors' user ids, absent from revisions older than bylines and from posts without any. */
  authors?: number[];
} & Pick<PostListItem, "coverFocus"> &
  /** Set only while the post had them, as on the post itself (and absent from revisions older than them). */
  PostSeo;

export type RevisionActor = { id: number; username: string };

/** One line of a subject's history, newest first. */
export type RevisionSummary = {
  id: number;
  /** The first and the last save folded into this revision. */
  createdAt: string;
  savedAt: string;
  /** Null for a version nobody signed in saved (kept from before revisions, a command-line restore). */
  by: RevisionActor | null;
  changed: string[];
  /** A History restore, a backup's restore, or a publish of a subject whose every publish is kept (the site). */
  origin?: "restore" | "backup" | "publish";
  restoredFrom?: number;
};

export type RevisionDetail<S = PostSnapshot> = RevisionSummary & { snapshot: S };

/** A post in the trash, as the Trash view lists it. */
export type TrashedPostSummary = {
  id: number;
  title: string;
  slug: string;
  published: boolean;
  deletedAt: string;
  deletedBy: RevisionActor | null;
  /** When it is deleted for good. */
  expiresAt: string;
};

export const REVISION_MESSAGES = {
  invalidRevision: "The revision id must be a positive whole number.",
  notFound: (id: number) => `Revision ${id} not found for this post.`,
  notInTrash: (id: number) => `Post ${id} is not in the trash.`,
  slugInTrash: (slug: string) =>
    `A post in the trash has the slug "${slug}": restore it or delete it for good before reusing the slug.`,
  /** The slug is another post's old address (docs/decisions/157-old-addresses-taken-over-on-purpose.md). */
  slugRedirected: (slug: string) =>
    `"${slug}" is an old address of another post, and readers who follow it are sent there: confirm that this post takes the address over, or choose another slug.`,
  slugRedirectedNoRight: (slug: string) =>
    `"${slug}" is an old address of another post, and readers who follow it are sent there: only someone who may publish can give it to this post, so choose another slug.`,
} as const;
