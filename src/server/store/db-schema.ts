import { z } from "zod";
import { ROLES } from "~/shared/permissions";
import { siteContentSchema, SITE_SECTIONS, type SiteContent } from "~/shared/site-content";
import type {
  ContactMessage,
  Post,
  Revision,
  Settings,
  SiteRevision,
  SiteState,
  SlugRedirect,
  Tag,
  TrashedPost,
  User,
} from "./types";

/**
 * The shape of `data/db.json` (docs/architecture.md section 4), checked on every load. Records are loose
 * objects: a key we do not know (an older or newer release's field) is kept and written back,
 * never silently dropped, because the operator's file is the only copy of the content.
 */
/**
 * Ids are integers from 1 to MAX_ID (2^31 - 1, a PostgreSQL `integer`), far inside JavaScript's
 * safe integers, so `id + 1` is always exact and a counter can never leave the range the next
 * start accepts. Counters hold the next id, so they may be one above.
 */
export const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);
const counter = z
  .number()
  .int()
  .positive()
  .max(MAX_ID + 1);

/*
 * Each record has two schemas. The record schema names the fields this release knows, and the
 * record types of types.ts are its z.infer, so a field is declared once. The stored schema is the
 * same, loose: checked on load and on every write, it keeps what another release added.
 */
export const tagRecordSchema = z.object({ id, name: z.string().min(1), slug: z.string().min(1) });
export const storedTagSchema = tagRecordSchema.loose();

/** An editor's note on a post sent back to its contributor: what to change, who asked and when. */
export const reviewNoteSchema = z.object({ note: z.string(), by: z.string(), at: z.string() });

export const postRecordSchema = z.object({
  id,
  title: z.string(),
  slug: z.string().min(1),
  summary: z.string(),
  /** Older posts carry `excerpt` instead of `summary` (docs/product.md section 3): read as the fallback, never lost. */
  excerpt: z.string().optional(),
  /** Sanitized HTML. */
  content: z.string(),
  coverImage: z.string().optional(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  tags: z.array(tagRecordSchema),
  // The search and social settings (docs/decisions/116-per-post-search-settings.md), each absent when unset.
  metaTitle: z.string().optional(),
  metaDescription: z.string().optional(),
  socialImage: z.string().optional(),
  canonicalUrl: z.string().optional(),
  noindex: z.boolean().optional(),
  /** Where a card crops the cover (docs/decisions/118-covers-shown-whole.md). */
  coverFocus: z.string().optional(),
  /**
   * Its place in the review queue (docs/decisions/126-review-before-publish.md): when and by whom
   * it was submitted, absent when it is not awaiting review; the note of the editor who last sent it
   * back, until it is submitted again.
   */
  submittedAt: z.string().optional(),
  submittedBy: id.optional(),
  reviewNote: reviewNoteSchema.optional(),
  /**
   * A schedule (docs/decisions/120-scheduled-publishing-exactly-once.md): when a draft goes public
   * by itself (UTC, ISO 8601) and who set it, so the publish is theirs; both go when it is published.
   */
  publishAt: z.string().optional(),
  scheduledBy: id.optional(),
  /** A schedule carried out after its time (the server was down, a write failed): when it was due and when it went out. */
  publishedLate: z.object({ planned: z.string(), published: z.string() }).optional(),
  /** Who created the post and who saved it last (user ids); absent on older posts. */
  createdBy: id.optional(),
  updatedBy: id.optional(),
  /** Its authors' user ids, in byline order; absent on older posts, read as the creator (docs/decisions/130-bylines-and-author-pages.md). */
  authors: z.array(id).min(1).optional(),
});
export const storedPostSchema = postRecordSchema
  // A file's older post may have no `summary`; parseDbFile fills it from `excerpt`, keeping both.
  .extend({ summary: z.string().optional(), tags: z.array(storedTagSchema) })
  .loose();

export const userRecordSchema = z.object({
  id,
  username: z.string().min(1),
  role: z.enum(ROLES),
  /** `scrypt$N$r$p$salt$hash`, never sent to a client. */
  passwordHash: z.string().min(1),
  createdAt: z.string(),
  /** A disabled user cannot sign in, and their sessions give no rights. */
  disabled: z.boolean().optional(),
  lastSignInAt: z.string().optional(),
  /** The public profile (docs/decisions/130-bylines-and-author-pages.md), each absent when unset. */
  displayName: z.string().optional(),
  bio: z.string().optional(),
  /** An original in the media library (`/media/...`); without one, generated initials. */
  avatar: z.string().optional(),
});
export const userSchema = userRecordSchema.loose();

/** Whether the notification email went out (src/server/contact/mail-notifier.ts). */
const emailStatusSchema = z.object({
  state: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int().min(0),
  /** Why the last attempt failed. */
  error: z.string().optional(),
  updatedAt: z.string(),
});

/**
 * The visit a contact message was sent from (docs/decisions/106-analytics-without-cookies.md): the
 * page, the host of that visit's referrer when it was another site, and its UTM values.
 */
export const messageVisitSchema = z.object({
  page: z.string(),
  referrer: z.string().optional(),
  utm: z.object({ utm_source: z.string(), utm_medium: z.string(), utm_campaign: z.string() }).partial().optional(),
});

/** A contact message: what the inbox shows, and the sender's address, which stays on the server. */
export const messageRecordSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  company: z.string().optional(),
  industry: z.string().optional(),
  /** The industry's title when the message was sent: the inbox names it after a rename or removal. */
  industryTitle: z.string().optional(),
  message: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  /** Inbox state (docs/product.md section 2); absent in older files, read as unread and not archived. */
  read: z.boolean().optional(),
  archived: z.boolean().optional(),
  notification: emailStatusSchema.optional(),
  visit: messageVisitSchema.optional(),
});
export const messageSchema = messageRecordSchema.extend({ notification: emailStatusSchema.loose().optional() }).loose();

/** Site-wide settings an admin changes in /admin; absent in older files (DEFAULT_SETTINGS). */
export const settingsRecordSchema = z.object({ writersSeeInbox: z.boolean() });
export const settingsSchema = settingsRecordSchema.loose();
export const DEFAULT_SETTINGS: Settings = { writersSeeInbox: false };

/**
 * An old slug pointing at the record (by id) that now answers for it: a renamed or merged tag,
 * a post whose slug changed (src/server/store/slug-redirects.ts).
 */
export const slugRedirectRecordSchema = z.object({ from: z.string().min(1), to: id });
const slugRedirectSchema = slugRedirectRecordSchema.loose();

/** Who saved a revision or sent a post to the trash; absent when nobody signed in did (a command-line restore). */
export const actorSchema = z.object({ id, username: z.string() });

/**
 * One saved version of something editors change (src/server/revisions/), whatever it is: the
 * subject names the kind ("post") and its id, the snapshot holds its fields as saved, `changed`
 * names the fields that differ from the version before it.
 */
export const revisionRecordSchema = z.object({
  id,
  subject: z.string().min(1),
  subjectId: id,
  by: actorSchema.optional(),
  /** The first save folded into this revision, and the last (revision-changes.ts). */
  createdAt: z.string(),
  savedAt: z.string(),
  changed: z.array(z.string()),
  snapshot: z.record(z.string(), z.unknown()),
  /** A History restore (`restoredFrom` names the revision put back) or a backup's restore. */
  origin: z.enum(["restore", "backup"]).optional(),
  restoredFrom: id.optional(),
});
const revisionSchema = revisionRecordSchema.loose();

/** A deleted post, kept with its revisions until the trash period ends (docs/architecture.md section 4). */
export const trashedPostRecordSchema = postRecordSchema.extend({
  deletedAt: z.string(),
  deletedBy: actorSchema.optional(),
});
// Posts enter the trash through the store, summary filled, so the schema needs no fallback.
const trashedPostSchema = trashedPostRecordSchema.extend({ tags: z.array(storedTagSchema) }).loose();

/**
 * Site content as stored (src/shared/site-content.ts): checked against the schema the Site tab
 * and the API use, and kept whole as written, so a field of another release is not dropped.
 */
const storedSiteContent = z.custom<SiteContent>().superRefine((value, ctx) => {
  const result = siteContentSchema.safeParse(value);
  if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: "custom" });
});

/** The site's content (docs/product.md section 10); absent until the first save, read as the defaults. */
export const siteRecordSchema = z.object({
  /** The Site tab's saved work; absent when it is the published content. */
  draft: storedSiteContent.optional(),
  /** Absent until the first publish: the defaults (src/shared/site-defaults.ts). */
  published: storedSiteContent.optional(),
  publishedAt: z.string().optional(),
  publishedBy: z.string().optional(),
  /** Every id an industry had on the published site, to its key: old addresses answer 301 or 410. */
  formerIds: z.record(z.string(), z.string()).optional(),
});
export const siteSchema = siteRecordSchema.loose();

/** One publish of the site: the whole published content, who and when, and the sections it changed. */
export const siteRevisionRecordSchema = z.object({
  id,
  createdAt: z.string(),
  /** Empty for the site as it was built, kept when it was first published over. */
  createdBy: z.string(),
  sections: z.array(z.enum(SITE_SECTIONS)),
  restoredFrom: id.optional(),
  content: storedSiteContent,
});
export const siteRevisionSchema = siteRevisionRecordSchema.loose();

const metaRecordSchema = z.object({
  nextPostId: counter,
  nextTagId: counter,
  nextUserId: counter,
  nextMessageId: counter,
  /** Absent until the first revision; derived from the revisions' ids when missing. */
  nextRevisionId: counter.optional(),
});
const metaSchema = metaRecordSchema.loose();

/** The sections whose records are looked up by a key (`findDuplicates`). */
type KeyedSections = {
  posts: readonly { id: number; slug: string }[];
  tags: readonly { id: number; slug: string }[];
  users: readonly { id: number; username: string }[];
  messages: readonly { id: number }[];
  siteRevisions?: readonly { id: number }[];
  revisions?: readonly { id: number }[];
  trash?: readonly { id: number; slug: string }[];
};

/** Two records that share a key: `path` names the second, as the file's lists hold them. */
export type Duplicate = { path: [string, number]; message: string; records: [object, object] };

/**
 * Two records with one key would make lookups ambiguous, so the file is refused instead. Also
 * run on the data a journal replay made (journal-check.ts), which names the record to blame.
 */
export function findDuplicates(db: KeyedSections): Duplicate[] {
  const posts = [...db.posts, ...(db.trash ?? [])];
  const keyed: [string, readonly object[], (item: never) => unknown][] = [
    ["posts", db.posts, (p: { id: number }) => p.id],
    ["posts", db.posts, (p: { slug: string }) => p.slug],
    ["tags", db.tags, (t: { id: number }) => t.id],
    ["tags", db.tags, (t: { slug: string }) => t.slug],
    ["users", db.users, (u: { id: number }) => u.id],
    ["users", db.users, (u: { username: string }) => u.username.toLowerCase()],
    ["messages", db.messages, (m: { id: number }) => m.id],
    ["siteRevisions", db.siteRevisions ?? [], (r: { id: number }) => r.id],
    ["revisions", db.revisions ?? [], (r: { id: number }) => r.id],
    // A trashed post keeps its id and slug reserved (docs/architecture.md section 4).
    ["trash", posts, (p: { id: number }) => p.id],
    ["trash", posts, (p: { slug: string }) => p.slug],
  ];
  const found: Duplicate[] = [];
  for (const [path, list, key] of keyed) {
    const seen = new Map<unknown, object>();
    list.forEach((item, index) => {
      const k = key(item as never);
      const first = seen.get(k);
      if (first) found.push({ path: [path, index], message: `Duplicate ${String(k)}`, records: [first, item] });
      else seen.set(k, item);
    });
  }
  return found;
}

export const dbFileSchema = z
  .looseObject({
    posts: z.array(storedPostSchema),
    tags: z.array(storedTagSchema).default([]),
    users: z.array(userSchema).default([]),
    messages: z.array(messageSchema).default([]),
    // Both absent in files from before the inbox settings and tag renames; read as the defaults.
    settings: settingsSchema.optional(),
    tagRedirects: z.array(slugRedirectSchema).optional(),
    // Absent in files from before post history (revisions, the trash and post slug redirects).
    postRedirects: z.array(slugRedirectSchema).optional(),
    revisions: z.array(revisionSchema).optional(),
    trash: z.array(trashedPostSchema).optional(),
    // Both absent in files from before the site's content was data; read as the defaults.
    site: siteSchema.optional(),
    siteRevisions: z.array(siteRevisionSchema).optional(),
    // A file written by hand or by an older tool may lack counters; they are derived from the ids.
    meta: metaSchema.optional(),
  })
  .superRefine((db, ctx) => {
    for (const { path, message } of findDuplicates(db)) ctx.addIssue({ code: "custom", path, message });
  });

export type Meta = z.infer<typeof metaRecordSchema>;

export type DbFile = {
  posts: Post[];
  tags: Tag[];
  users: User[];
  messages: ContactMessage[];
  settings?: Settings;
  tagRedirects?: SlugRedirect[];
  postRedirects?: SlugRedirect[];
  revisions?: Revision[];
  trash?: TrashedPost[];
  site?: SiteState;
  siteRevisions?: SiteRevision[];
  meta: Meta;
};

/** Names the file and what is wrong with it; the file itself is never touched (docs/architecture.md section 4). */
export class DataFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file} ${problem}. The file was left untouched: fix it or restore a backup, then start again.`);
    this.name = "DataFileError";
  }
}

export function describeIssues(issues: readonly z.core.$ZodIssue[], max = 5): string {
  const listed = issues.slice(0, max).map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`);
  const more = issues.length > max ? `; and ${issues.length - max} more` : "";
  return listed.join("; ") + more;
}

const nextAbove = (ids: number[], stored = 1) => ids.reduce((next, n) => Math.max(next, n + 1), stored);

/** Validates parsed JSON and fills what older files may lack (`summary`, `meta`). */
export function parseDbFile(raw: unknown, file: string): DbFile {
  const result = dbFileSchema.safeParse(raw);
  if (!result.success) {
    throw new DataFileError(file, `does not match the expected data format (${describeIssues(result.error.issues)})`);
  }
  return completeDbFile(result.data);
}

/** The data as dbFileSchema accepts it, before completeDbFile fills it. */
export type StoredDbFile = Omit<DbFile, "posts" | "meta"> & {
  posts: (Omit<Post, "summary"> & { summary?: string })[];
  meta?: Partial<Meta>;
};

/**
 * Fills what older files may lack: a post's `summary` from its `excerpt`, and counters from the
 * ids. Also run on the data a journal replay made (journalled-db-file.ts), so replayed records
 * are read as db.json's are.
 */
export function completeDbFile(db: StoredDbFile): DbFile {
  const posts: Post[] = db.posts.map((p) =>
    p.summary === undefined ? { ...p, summary: p.excerpt ?? "" } : (p as Post),
  );
  // Counters only ever move up: a stored counter above every id keeps deleted ids retired.
  const meta: Meta = {
    ...db.meta,
    nextPostId: nextAbove(
      [...posts, ...(db.trash ?? [])].map((p) => p.id),
      db.meta?.nextPostId,
    ),
    nextTagId: nextAbove(
      db.tags.map((t) => t.id),
      db.meta?.nextTagId,
    ),
    nextUserId: nextAbove(
      db.users.map((u) => u.id),
      db.meta?.nextUserId,
    ),
    nextMessageId: nextAbove(
      db.messages.map((m) => m.id),
      db.meta?.nextMessageId,
    ),
    ...(db.revisions?.length && {
      nextRevisionId: nextAbove(
        db.revisions.map((r) => r.id),
        db.meta?.nextRevisionId,
      ),
    }),
  };
  return { ...db, posts, meta };
}
