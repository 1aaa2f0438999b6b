/**
 * The data model of docs/architecture.md section 4 and the StoreEngine interface every storage
 * back-end implements (the data folder's, PostgreSQL's).
 */
import type { z } from "zod";
import type { ActivityEntry } from "~/shared/activity";
import type { postInputSchema } from "~/shared/schemas";
import type { SiteContent, SiteRevisionSummary } from "~/shared/site-content";
import type { ReviewNote } from "~/shared/review";
import type { OutboxClaims } from "~/server/outbox/outbox-claims";
import type { CounterFactory } from "~/server/http/rate-limiter";
import type { Change } from "./change";
import type { Snapshot } from "./db-snapshot";
import type { CommitListener } from "./snapshot-store";
import type { apiTokenRecordSchema } from "~/server/collections/api-tokens";
import type { webhookDeliveryRecordSchema, webhookRecordSchema } from "~/server/collections/webhooks";
import type { invitationRecordSchema } from "~/server/collections/invitations";
import type { messageRecordSchema } from "~/server/collections/messages";
import type {
  newsletterDeliveryRecordSchema,
  newsletterSendRecordSchema,
  subscriberRecordSchema,
} from "~/server/collections/newsletter";
import type { postRecordSchema, trashedPostRecordSchema } from "~/server/collections/posts";
import type { pageRecordSchema, trashedPageRecordSchema } from "~/server/collections/pages";
import type { redirectRecordSchema, slugRedirectRecordSchema } from "~/server/collections/redirects";
import type { revisionRecordSchema } from "~/server/collections/revisions";
import type { settingsRecordSchema } from "~/server/collections/settings";
import type { siteRecordSchema } from "~/server/collections/site";
import type { tagRecordSchema } from "~/server/collections/tags";
import type { userRecordSchema } from "~/server/collections/users";

/** The records are the z.infer of their declarations (src/server/collections/), so each field is declared once. */
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
export type ApiToken = z.infer<typeof apiTokenRecordSchema>;
export type Webhook = z.infer<typeof webhookRecordSchema>;
export type WebhookDelivery = z.infer<typeof webhookDeliveryRecordSchema>;
export type Invitation = z.infer<typeof invitationRecordSchema>;
/** An old address that answers 301 (docs/decisions/251-old-addresses-kept-as-redirects.md). */
export type Redirect = z.infer<typeof redirectRecordSchema>;
export type Page = z.infer<typeof pageRecordSchema>;
export type TrashedPage = z.infer<typeof trashedPageRecordSchema>;
export type Subscriber = z.infer<typeof subscriberRecordSchema>;
export type NewsletterSend = z.infer<typeof newsletterSendRecordSchema>;
export type NewsletterDelivery = z.infer<typeof newsletterDeliveryRecordSchema>;
/** Who did a write, as a revision and the trash remember them; undefined for the command line. */
export type Actor = { id: number; username: string };
export type SiteState = Omit<z.infer<typeof siteRecordSchema>, "draft" | "published"> & {
  draft?: SiteContent;
  published?: SiteContent;
};
/** A publish of the site as the Site tab reads it, made from its revision (site-changes.ts). */
export type SiteRevision = SiteRevisionSummary & { content: SiteContent };

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
export type UserPatch = Partial<Pick<User, "role" | "passwordHash" | "disabled" | "lastSignInAt">> &
  ProfilePatch & {
    /** A new address; "" removes it (docs/decisions/230-invitations-and-reset-links.md). */
    email?: string;
    /** The reset link that works now; null ends it. */
    passwordReset?: NonNullable<User["passwordReset"]> | null;
    /** The second factor as it is now; null removes it (docs/decisions/220-two-factor-secrets-in-the-user-record.md). */
    twoFactor?: TwoFactor | null;
    /** The passkeys as they are now; [] removes them (docs/decisions/240-passkeys-in-the-user-record.md). */
    passkeys?: Passkey[];
  };
export type TwoFactor = NonNullable<User["twoFactor"]>;
export type Passkey = NonNullable<User["passkeys"]>[number];

/** A change to a user's public profile: a field sent as "" is removed, one left out is kept. */
export type ProfilePatch = Partial<Pick<User, "displayName" | "bio" | "avatar">>;

export type NewContactMessage = Omit<ContactMessage, "id" | "createdAt" | "read" | "archived" | "notification">;

/** What an inbox action may change on a message. */
export type MessagePatch = Partial<Pick<ContactMessage, "read" | "archived" | "notification">>;

/** What changed, so caches of rendered pages can be dropped. */
export type ChangeKind = "posts" | "tags" | "users" | "messages" | "settings" | "site" | "pages";

/** A post as a change saw it on one side: enough to name the public pages that show it. */
export type PostMark = {
  id: number;
  slug: string;
  published: boolean;
  /** Its public date, which places it in the public lists (docs/decisions/185-published-means-published.md). */
  publishedAt: string;
  tagSlugs: string[];
  /** What the post's card shows, compared before and after a save (post-view.ts `cardMarkOf`). */
  card: string;
  /** The usernames of its known authors, in byline order (their author pages list it). */
  authorNames: string[];
};

/** A page of blocks as a change saw it on one side: where it is, whether it is public, whether the menus name it. */
export type PageMark = { id: number; path: string; published: boolean; inChrome: boolean };

/** What pages show of a user: the author page's address and the profile bylines show. */
export type UserMark = Pick<User, "username" | "displayName" | "bio" | "avatar">;

/**
 * What a committed write did to the content (records/describe-change.ts): each post and tag it
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
      /** Pages of blocks added, changed or removed (src/server/pages/page-shown.ts). */
      pages?: { before?: PageMark; after?: PageMark }[];
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
 * What every store (the data folder's, PostgreSQL's) offers the layer above it
 * (src/server/records/store.ts): queries and change functions on its committed snapshot
 * (snapshot-store.ts), and how its writes fare.
 */
export interface StoreEngine {
  read<T>(query: (snap: Snapshot) => T): Promise<T>;
  write<R>(change: (snap: Snapshot, now: string) => Change<R>): Promise<R>;
  /** Runs `job` on the current snapshot while no write commits (snapshot-store.ts). */
  settled<T>(job: (snap: Snapshot) => Promise<T>): Promise<T>;
  /** After every committed write; answers a function that unsubscribes. */
  onCommit(listener: CommitListener): () => void;

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
