/**
 * The data model of docs/architecture.md section 4 and the Store interface every storage back-end implements.
 * The interface is async so a PostgreSQL store can stand in for the embedded JSON one later.
 */
import type { z } from "zod";
import type { ActivityEntry } from "~/shared/activity";
import type { postInputSchema } from "~/shared/schemas";
import type { SiteContent } from "~/shared/site-content";
import type { ReviewNote } from "~/shared/review";
import type { RestoredHistory } from "~/server/posts/post-changes";
import type { SaveOrigin } from "~/server/posts/post-revisions";
import type { HistoryPolicy } from "~/server/posts/post-trash";
import type { OutboxClaims } from "~/server/outbox/outbox-claims";
import type { CounterFactory } from "~/server/http/rate-limiter";
import type {
  messageRecordSchema,
  postRecordSchema,
  settingsRecordSchema,
  siteRecordSchema,
  siteRevisionRecordSchema,
  tagRecordSchema,
  revisionRecordSchema,
  slugRedirectRecordSchema,
  trashedPostRecordSchema,
  userRecordSchema,
} from "./db-schema";

/** The records are the z.infer of their schemas in db-schema.ts, so each field is declared once. */
export type Tag = z.infer<typeof tagRecordSchema>;
export type Post = z.infer<typeof postRecordSchema>;
export type User = z.infer<typeof userRecordSchema>;
export type ContactMessage = z.infer<typeof messageRecordSchema>;
/** The page, referrer and UTM values a contact message was sent with. */
export type MessageVisit = NonNullable<ContactMessage["visit"]>;
export type Settings = z.infer<typeof settingsRecordSchema>;
export type SlugRedirect = z.infer<typeof slugRedirectRecordSchema>;
export type TagRedirect = SlugRedirect;
export type Revision = z.infer<typeof revisionRecordSchema>;
export type TrashedPost = z.infer<typeof trashedPostRecordSchema>;
/** Who did a write, as a revision and the trash remember them; undefined for the command line. */
export type Actor = { id: number; username: string };
export type SiteState = Omit<z.infer<typeof siteRecordSchema>, "draft" | "published"> & {
  draft?: SiteContent;
  published?: SiteContent;
};
export type SiteRevision = Omit<z.infer<typeof siteRevisionRecordSchema>, "content"> & { content: SiteContent };

/** The site's content as its pages and the Site tab read it: what is shown, and the saved draft. */
export type SiteView = {
  published: SiteContent;
  draft: SiteContent;
  publishedAt?: string;
  publishedBy?: string;
  formerIds: Readonly<Record<string, string>>;
};

/**
 * A post as a backup holds it: an older one has `excerpt` and no `summary` (docs/product.md
 * section 3). The store fills `summary` from `excerpt` when it takes the post in, keeping both.
 */
export type SavedPost = Omit<Post, "summary"> & { summary?: string };

/**
 * What a writer supplies, as the post form's schema answers it; ids and timestamps are the
 * store's. `tags` are tag names, created when new.
 */
export type PostInput = z.infer<typeof postInputSchema>;
/**
 * What a save may change: the writer's fields, or a step of the review queue, which only the post
 * service's submit and send-back take (docs/decisions/126-review-before-publish.md).
 */
export type PostUpdate = Partial<PostInput> & { review?: ReviewStep } & AddressTakeOver;
/**
 * Whether a save may give its post a slug that is another post's old address (a redirect), so
 * that readers who follow the address get this post instead
 * (docs/decisions/157-old-addresses-taken-over-on-purpose.md): "confirmed" by a writer who may
 * publish and asked for it; "not-allowed" for one who may not publish; left out, not asked for.
 * Decided by the store's write, on its current redirects; never stored.
 */
export type AddressTakeOver = { takeOverAddress?: "confirmed" | "not-allowed" };
export type ReviewStep = { submitted: { at: string; by?: number } } | { returned: ReviewNote };

/** What an admin (or the user, for the password) may change on an account. */
export type UserPatch = Partial<Pick<User, "role" | "passwordHash" | "disabled" | "lastSignInAt">> & ProfilePatch;

/** A change to a user's public profile: a field sent as "" is removed, one left out is kept. */
export type ProfilePatch = Partial<Pick<User, "displayName" | "bio" | "avatar">>;

export type NewContactMessage = Omit<ContactMessage, "id" | "createdAt" | "read" | "archived" | "notification">;

/** What an inbox action may change on a message. */
export type MessagePatch = Partial<Pick<ContactMessage, "read" | "archived" | "notification">>;

/** What changed, so caches of rendered pages can be dropped. */
export type ChangeKind = "posts" | "tags" | "users" | "messages" | "settings" | "site";

/** A post as a change saw it on one side: enough to name the public pages that show it. */
export type PostMark = {
  id: number;
  slug: string;
  published: boolean;
  createdAt: string;
  tagSlugs: string[];
  /** What the post's card shows, compared before and after a save (post-view.ts `cardMarkOf`). */
  card: string;
  /** The usernames of its known authors, in byline order (their author pages list it). */
  authorNames: string[];
};

/** What pages show of a user: the author page's address and the profile bylines show. */
export type UserMark = Pick<User, "username" | "displayName" | "bio" | "avatar">;

/**
 * What a committed write did to the content (store/describe-change.ts): each post and tag it
 * added (no `before`), changed or removed (no `after`). Undefined when it touched too many to list
 * (a restore, an import, a reload of every table): caches then drop everything.
 */
export type ContentChange =
  | {
      posts: { before?: PostMark; after?: PostMark }[];
      tags: { before?: Tag; after?: Tag }[];
      /** Users whose public profile changed (a sign-in or a new password is on no page). */
      users?: { before?: UserMark; after?: UserMark }[];
      /** The published site content on both sides, when a write changed it. */
      site?: { before: SiteContent; after: SiteContent };
    }
  | undefined;

/**
 * A write's activity entry, made of what the write answers and written with it: in the same
 * journal record or transaction (docs/decisions/163-activity-written-with-its-change.md).
 * Answering no entry records nothing.
 */
export type LogsActivity<R> = { activity?: (result: R) => ActivityEntry | undefined };

/**
 * The outcome of the store's last file write: `at` is when the last one succeeded, `error` is set
 * while the last one failed (a full disk) and cleared by the next that succeeds. Health reports it.
 */
export type WriteOutcome = { at: string | null; error: { code: string; message: string } | null };

/**
 * Why the journal is not folded into db.json (docs/decisions/162-a-fold-that-does-not-fit-waits.md):
 * the error code of the last fold that failed, or ENOSPC for one not tried for lack of room, since
 * when, and with a full disk the room a try waits for and the room last seen; `pending` records
 * wait in the journal meanwhile.
 */
export type FoldTrouble = { code: string; since: string; needBytes?: number; freeBytes?: number; pending?: number };

/**
 * Records answered by reads and writes are deeply frozen and shared with the store, never copies:
 * cloning 10,000 posts on every list would cost more than rendering the page (docs/architecture.md section 6).
 * Copy before changing one (`{ ...post }`, `structuredClone(post)`); changing it in place throws a
 * TypeError. Answered arrays are fresh, so callers may sort or filter them freely.
 */
export interface Store {
  /** Every post, newest first (by createdAt, then id). */
  listPosts(options?: { publishedOnly?: boolean }): Promise<Post[]>;
  /**
   * The published posts, newest first, without a copy: frozen, and the very same array until a
   * post is written, so lookups over it can be made once per write (src/server/posts/published-index.ts).
   */
  publishedPosts(): Promise<readonly Post[]>;
  getPostById(id: number): Promise<Post | undefined>;
  getPostBySlug(slug: string): Promise<Post | undefined>;
  /** Throws ConflictError when the slug is taken (by a post, or one in the trash). Keeps a revision; `by` is
   * the post's createdBy and updatedBy. */
  createPost(input: PostInput & AddressTakeOver, save?: SaveOrigin & LogsActivity<Post>): Promise<Post>;
  /**
   * Throws NotFoundError for a missing id and ConflictError for a slug another post has. With
   * `ifUpdatedAt`, throws StaleUpdateError (409) unless the post's updatedAt is that time. The
   * changes may be a function of the stored post, called inside the write (its errors write nothing).
   * `by`: the user saving it (updatedBy).
   */
  updatePost(
    id: number,
    changes: PostUpdate | ((current: Post) => PostUpdate),
    options?: { ifUpdatedAt?: string } & SaveOrigin & LogsActivity<Post>,
  ): Promise<Post>;
  /** Moves a post to the trash; throws NotFoundError for a missing id; answers the removed post. */
  deletePost(id: number, by?: Actor, options?: LogsActivity<Post>): Promise<Post>;
  /** Moves those of the ids that exist to the trash, in one write (purge); answers the removed posts. */
  deletePosts(ids: number[], by?: Actor): Promise<Post[]>;
  /**
   * Adds back posts whose id is missing (and not in the trash), keeping every field as given, with
   * the backup's revisions and old slugs of those posts; answers what was added and skipped.
   */
  restorePosts(posts: SavedPost[], history?: RestoredHistory): Promise<{ restored: number[]; skipped: number[] }>;

  /** A subject's revisions (src/server/revisions/), newest first. */
  listRevisions(subject: string, subjectId: number): Promise<Revision[]>;
  /** Every revision of one kind of subject, oldest first (a backup's). */
  revisionsOfSubject(subject: string): Promise<Revision[]>;
  /** Deleted posts still in the trash, in the order they were deleted. */
  listTrash(): Promise<TrashedPost[]>;
  /** Puts a trashed post back as it was; NotFoundError when it is not in the trash. */
  restoreFromTrash(id: number): Promise<Post>;
  /** Deletes a trashed post for good, with its revisions and old slugs; NotFoundError when not in the trash. */
  deleteForGood(id: number): Promise<TrashedPost>;
  /** Removes expired trash and the revisions past the policy; answers the ids deleted for good. */
  sweepHistory(policy: HistoryPolicy): Promise<{ expired: number[] }>;
  /** Where an old slug leads, when no post holds it (posts/post-trash.ts); `shown` when that post is public. */
  resolvePostRedirect(slug: string): Promise<{ slug: string; shown: boolean } | undefined>;
  /** Every post's old slugs. */
  listPostRedirects(): Promise<SlugRedirect[]>;

  /** Sorted by name. */
  listTags(): Promise<Tag[]>;
  /** Throws ConflictError when the slug is taken. */
  createTag(input: { name: string; slug: string }): Promise<Tag>;
  /** Renames a tag (and its copies on posts); the old slug is kept as a redirect. NotFound, Conflict. */
  renameTag(id: number, input: { name: string; slug: string }): Promise<Tag>;
  /** Moves every post of `fromId` to `intoId` and removes `fromId`, whose slug redirects to `intoId`. */
  mergeTags(fromId: number, intoId: number): Promise<Tag>;
  /** Removes a tag from the list and from every post; answers the removed tag. */
  deleteTag(id: number): Promise<Tag>;
  /**
   * Runs `job` on every post as the database holds it now, while no other write can commit, so a
   * check the job makes holds until it has acted (docs/decisions/086-writes-decided-under-the-lock.md).
   */
  withPostsSettled<T>(job: (posts: readonly Post[]) => Promise<T>): Promise<T>;
  /** The tag an old slug now leads to, when no tag has that slug. */
  resolveTagRedirect(slug: string): Promise<Tag | undefined>;

  countUsers(): Promise<number>;
  /** Every user, oldest first (by id). */
  listUsers(): Promise<User[]>;
  getUserById(id: number): Promise<User | undefined>;
  /** Matches case-insensitively, as usernames are unique regardless of case. */
  getUserByUsername(username: string): Promise<User | undefined>;
  /** Throws ConflictError when the username is taken (case-insensitive). */
  createUser(input: Omit<User, "id" | "createdAt">): Promise<User>;
  /**
   * Throws NotFoundError for a missing id, and ConflictError for a change that would leave no
   * enabled admin where there was one; answers the changed user. The patch may be a function of
   * the stored user, called inside the write (its errors write nothing).
   */
  updateUser(id: number, patch: UserPatch | ((current: User) => UserPatch)): Promise<User>;
  /** Throws NotFoundError for a missing id and ConflictError for the last enabled admin; answers the removed user. */
  deleteUser(id: number): Promise<User>;

  addMessage(input: NewContactMessage): Promise<ContactMessage>;
  /** Newest first. */
  listMessages(): Promise<ContactMessage[]>;
  getMessage(id: number): Promise<ContactMessage | undefined>;
  /** Throws NotFoundError for a missing id. */
  updateMessage(id: number, patch: MessagePatch): Promise<ContactMessage>;
  /** Throws NotFoundError for a missing id; answers the removed message. */
  deleteMessage(id: number): Promise<ContactMessage>;

  getSettings(): Promise<Settings>;
  updateSettings(patch: Partial<Settings>): Promise<Settings>;

  /** The site's published content and its draft (the defaults until someone saves). */
  getSite(): Promise<SiteView>;
  /** Replaces the draft with content the caller has validated (src/shared/site-content.ts). */
  saveSiteDraft(draft: SiteContent): Promise<SiteView>;
  /**
   * Publishes the draft (or `content`, validated by the caller: a backup's) as a new revision by
   * `by`; ConflictError when it is what is published.
   */
  publishSite(by: string, content?: SiteContent): Promise<SiteRevision>;
  /** Publishes an older revision's content again, as a new revision; NotFoundError for a missing id. */
  restoreSiteRevision(id: number, by: string): Promise<SiteRevision>;
  /** Every published revision, newest first. */
  listSiteRevisions(): Promise<readonly SiteRevision[]>;

  /**
   * Stores on a database server: one round trip, answering its milliseconds, for the health
   * report. Absent on the data folder's store, whose reads never leave the process.
   */
  ping?(): Promise<number>;

  /**
   * Stores shared by several instances: where one rate limiter counts, so every instance counts
   * the same hits (src/server/http/rate-limiter.ts). Absent on the data folder's store, whose
   * limiters count in memory.
   */
  rateCounters?(limiter: string): CounterFactory;

  /**
   * Stores shared by several instances: the outbox's claims, so each piece of work (a contact
   * email) is done by one instance, and taken over when that one stops
   * (src/server/outbox/outbox-claims.ts). Absent on the data folder's store.
   */
  outboxClaims?(): OutboxClaims;

  /**
   * Called after every committed write, once per kind it changed, with what it did to the content
   * (the same for each kind of one write). Answers a function that unsubscribes.
   */
  onChange(listener: (kind: ChangeKind, content: ContentChange) => void): () => void;
  /**
   * The data folder's store: folds its journal into db.json now, answering how many records it
   * folded (docs/decisions/092-a-journal-beside-db-json.md). Absent on stores without a journal.
   */
  compact?(): Promise<number>;
  /**
   * The data folder's store: the activity entries its journal's records carried at start, for the
   * activity log to add back those it lacks (docs/decisions/163-activity-written-with-its-change.md).
   */
  journalledActivity?(): readonly ActivityEntry[];
  /**
   * The data folder's store: why its journal is not being folded into db.json (a disk without room
   * for the new copy), undefined while folds happen. Absent on stores without a journal.
   */
  foldTrouble?(): FoldTrouble | undefined;
  /** The last file write's outcome (see WriteOutcome). */
  lastWrite(): WriteOutcome;
  /**
   * Saves the current content again, through the same queue; health calls it while the last write
   * failed, so the store learns that the disk recovered without waiting for a user's write.
   */
  retryWrite(): Promise<void>;
  /** Waits for pending writes and releases the data folder. */
  close(): Promise<void>;
}
