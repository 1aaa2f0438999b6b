import { z } from "zod";
import { ValidationError } from "~/server/http/errors";
import { describeIssues } from "~/server/store/db-schema";
import { postRecordSchema, postSnapshotSchema } from "~/server/collections/posts";
import { redirectRecordSchema, slugRedirectRecordSchema } from "~/server/collections/redirects";
import { revisionRecordSchema } from "~/server/collections/revisions";
import { pageRecordSchema, pageSnapshotSchema } from "~/server/collections/pages";
import { PAGE_SUBJECT } from "~/shared/pages";
import { MAX_RESTORED_ID, RESTORE_LIMITS, restoredSchemaOf } from "./restored-schema";
import { mediaMatchesName, type BackupMedia } from "~/server/media/media-backup";
import type {
  ContactMessage,
  Page,
  Post,
  Redirect,
  Revision,
  SavedPost,
  Settings,
  SlugRedirect,
  Tag,
  User,
} from "~/server/store/types";
import { userRecordSchema } from "~/server/collections/users";
import { messageRecordSchema } from "~/server/collections/messages";
import { DEFAULT_SETTINGS, settingsRecordSchema } from "~/server/collections/settings";
import { tagRecordSchema } from "~/server/collections/tags";
import type { BackupHolds } from "~/shared/backups";
import type { RefusedPost } from "~/shared/operations";
import { siteContentSchema, type SiteContent } from "~/shared/site-content";
import { sortByPostRules, sortRevisionsByRules, type NestingCheck } from "~/server/posts/post-rules";
import { POST_SUBJECT } from "~/shared/revisions";
import { activityEntrySchema, type ActivityEntry } from "~/shared/activity";
import { backupAnalyticsSchema, type BackupAnalytics } from "~/server/analytics/analytics-backup";

/**
 * One backup file, `data/backups/posts-<ISO time>.json` (docs/architecture.md section 4): every post, drafts
 * too, with every field as stored. `count` repeats `posts.length` near the top of the file, so the
 * backup list reads a few hundred bytes per file instead of parsing megabytes.
 */
export const BACKUP_FORMAT = "queuewise-posts-backup";
/**
 * Version 2 adds `media`, the images the posts show, after the posts
 * (docs/decisions/026-backups-carry-their-images.md); version 1 files still restore.
 */
export const BACKUP_VERSION = 2;
const READABLE_VERSIONS: unknown[] = [1, 2];

/**
 * The posts' history a backup carries after its images: their revisions and old slugs
 * (docs/decisions/098-a-restore-keeps-history.md). Optional keys of version 2, so an older
 * release still restores the posts and leaves the history out.
 */
export type BackupHistory = { revisions: readonly Revision[]; redirects: readonly SlugRedirect[] };

/** What a backup holds besides its posts and their images. */
export type BackupExtras = {
  history?: BackupHistory;
  activity?: readonly ActivityEntry[];
  analytics?: BackupAnalytics;
  /** The published site content. */
  site?: SiteContent;
  /**
   * The rest of the site (docs/decisions/195-whole-site-backups.md): the tag list, the users with
   * their password hashes (never their sessions), the inbox and the settings.
   */
  records?: BackupRecords;
  /** The pages of blocks, drafts too, with their revisions and old paths; absent from older files. */
  pages?: BackupPages;
};

export type BackupPages = {
  pages: readonly Page[];
  revisions: readonly Revision[];
  redirects: readonly SlugRedirect[];
};

/** The records a whole-site backup adds to the posts' file; each absent from older files. */
export type BackupRecords = {
  tags?: readonly Tag[];
  users?: readonly User[];
  messages?: readonly ContactMessage[];
  settings?: Settings;
  /** The old addresses that answer 301 (docs/decisions/251-old-addresses-kept-as-redirects.md), restored with the posts. */
  addressRedirects?: readonly Redirect[];
};

export type Backup = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  count: number;
  posts: Post[];
  media: BackupMedia;
  /** The activity log as it was (docs/decisions/102-activity-log.md); absent from older backups. */
  activity?: ActivityEntry[];
  /** The analytics' daily counts (docs/decisions/106-analytics-without-cookies.md); absent in older files. */
  analytics?: BackupAnalytics;
} & Partial<BackupHistory>;

/**
 * What a restore puts back: the posts, and the images they show (none from a version 1 file);
 * `refused` lists the posts left out because they break a post rule.
 */
export type BackupContents = {
  posts: SavedPost[];
  media: BackupMedia;
  refused: RefusedPost[];
  revisions: Revision[];
  redirects: SlugRedirect[];
  activity: ActivityEntry[];
  analytics: BackupAnalytics;
  /** The published site content, when the backup holds it. */
  site?: SiteContent;
  tags: Tag[];
  users: User[];
  messages: ContactMessage[];
  settings?: Settings;
  addressRedirects: Redirect[];
  pages: Page[];
  pageRevisions: Revision[];
  pageRedirects: SlugRedirect[];
};

export const BACKUP_MESSAGES = {
  notJson: (label: string, detail: string) =>
    `${label} is not valid JSON, so it is truncated or damaged (${detail}). Nothing was changed.`,
  notBackup: (label: string) =>
    `${label} is not a QueueWise posts backup: it needs "format": "${BACKUP_FORMAT}" and a "posts" list. Nothing was changed.`,
  version: (label: string, version: unknown) =>
    `${label} is a version ${JSON.stringify(version)} backup; this release reads versions 1 to ${BACKUP_VERSION}. Nothing was changed.`,
  badMedia: (label: string, name: string) =>
    `${label} holds an image "${name}" whose bytes do not match its name, so it is damaged. Nothing was changed.`,
  invalidPosts: (label: string, details: string) =>
    `${label} holds posts that are not valid (${details}). Nothing was changed.`,
  truncated:
    "This backup is cut off (a full disk, or a copy or a write that stopped early): it ends before its last post, so it cannot be restored.",
  badName: (name: string) => `"${name}" is not a backup name: backups are named posts-<time>.json.`,
  notFound: (name: string) => `There is no backup named "${name}".`,
  noFile: (file: string) => `There is no file at ${file}.`,
} as const;

/** Strict, so a name from a URL or a request body can never leave the backups folder. */
const NAME = /^posts-[0-9TZ.-]+\.json$/;

export const isBackupName = (name: string) => NAME.test(name);

export function assertBackupName(name: string): void {
  if (!isBackupName(name)) throw new ValidationError(BACKUP_MESSAGES.badName(name));
}

/** The ISO time with its colons made hyphens, which every file system accepts; names sort by time. */
export const backupName = (time: Date) => `posts-${time.toISOString().replaceAll(":", "-")}.json`;

/** The time a backupName was made from (for a name of another form, the epoch). */
export function backupTime(name: string): Date {
  const match = /^posts-(\d{4}-\d{2}-\d{2}T)(\d{2})-(\d{2})-(\d{2}(?:\.\d+)?Z)\.json$/.exec(name);
  const time = match ? Date.parse(`${match[1]}${match[2]}:${match[3]}:${match[4]}`) : NaN;
  return new Date(Number.isNaN(time) ? 0 : time);
}

/**
 * `site`: the published site content (docs/product.md section 10), after the images; absent in
 * older files and while the site shows its built-in content.
 */
export function serializeBackup(
  posts: readonly Post[],
  createdAt: string,
  media: BackupMedia = {},
  { history, activity, analytics = [], site, records = {}, pages }: BackupExtras = {},
): string {
  const ids = new Set(posts.map((p) => p.id));
  // Only the history of the posts backed up: a trashed post's is not the backup's to carry.
  const kept = history && {
    revisions: history.revisions.filter((r) => ids.has(r.subjectId)),
    redirects: history.redirects.filter((r) => ids.has(r.to)),
  };
  const holds: BackupHolds = {
    posts: posts.length,
    pages: pages?.pages.length ?? 0,
    revisions: kept?.revisions.length ?? 0,
    redirects: kept?.redirects.length ?? 0,
    tags: records.tags?.length ?? 0,
    site: site ? 1 : 0,
    media: Object.keys(media).length,
    users: records.users?.length ?? 0,
    messages: records.messages?.length ?? 0,
    settings: records.settings ? 1 : 0,
    activity: activity?.length ?? 0,
    analytics: analytics.length,
  };
  // Still version 2: the new keys are optional, so an older release restores the posts and skips them.
  const backup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt,
    count: posts.length,
    holds,
    posts,
    media,
    ...kept,
    activity,
    ...(analytics.length > 0 && { analytics }),
    ...(site && { site }),
    ...records,
    ...(pages && { pages: pages.pages, pageRevisions: pages.revisions, pageRedirects: pages.redirects }),
  };
  return JSON.stringify(backup, null, 2) + "\n";
}

/** Enough for the header serializeBackup writes before the first post: what readHeader needs. */
export const HEADER_BYTES = 1024;

/** The start of a file serializeBackup wrote; anything else (a hand-made file) does not match. */
const HEADER = new RegExp(
  `^\\{\\s*"format":\\s*"${BACKUP_FORMAT}",\\s*"version":\\s*[12],\\s*"createdAt":\\s*"([^"]+)",\\s*"count":\\s*(\\d+)`,
);

/**
 * Whether the last bytes of a file serializeBackup wrote are its end: the top-level object's
 * brace alone on its line (then a newline, or nothing in a file an editor saved). Every other
 * brace of the pretty-printed JSON is indented, so a file cut anywhere else ends otherwise, and a
 * backup list reads these few bytes instead of parsing each file.
 */
export const BACKUP_END_BYTES = 4;
export const isBackupEnd = (last: string) => /\n\}\s*$/.test(last);

/** The `holds` counts right after `count`; absent from an older release's file. */
const HOLDS = /^,\s*"holds":\s*(\{[^{}]*\})/;

export function readHeader(start: string): { createdAt: string; count: number; holds?: BackupHolds } | undefined {
  const match = HEADER.exec(start);
  if (!match) return undefined;
  const holds = HOLDS.exec(start.slice(match[0].length))?.[1];
  return { createdAt: match[1]!, count: Number(match[2]), ...(holds && { holds: holdsOf(holds) }) };
}

/** Counts only, whatever else the text holds. */
function holdsOf(text: string): BackupHolds {
  try {
    const parsed = z.record(z.string(), z.number().int().min(0)).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export { MAX_RESTORED_ID, RESTORE_LIMITS };

/** A post as a backup holds it (restored-schema.ts): an older one has `excerpt` and no `summary`. */
const restoredPostSchema = restoredSchemaOf(postRecordSchema.partial({ summary: true }));

/** A revision as a backup holds it: bounded like the posts, its snapshot a post's fields. */
const restoredRevisionSchema = restoredSchemaOf(
  revisionRecordSchema.extend({ subject: z.literal(POST_SUBJECT), snapshot: postSnapshotSchema }),
);
const restoredRedirectSchema = restoredSchemaOf(slugRedirectRecordSchema);

/**
 * A page as a backup holds it: its declared fields bounded, and its blocks each with an id and a
 * type and the block's own fields kept (restored-schema.ts would drop them), checked against the
 * block schemas when the page is next saved.
 */
const restoredBlocks = z.object({
  blocks: z
    .array(z.looseObject({ id: z.string().min(1).max(200), type: z.string().min(1).max(200) }))
    .max(RESTORE_LIMITS.tags * 5),
});
const restoredPageSchema = restoredSchemaOf(pageRecordSchema.omit({ blocks: true })).and(restoredBlocks);
const restoredPageRevisionSchema = restoredSchemaOf(
  revisionRecordSchema.extend({
    subject: z.literal(PAGE_SUBJECT),
    snapshot: pageSnapshotSchema.omit({ blocks: true }),
  }),
).and(z.object({ snapshot: restoredBlocks.partial() }));

const postsSchema = z.object({
  posts: z.array(restoredPostSchema).max(RESTORE_LIMITS.posts),
  revisions: z
    .array(restoredRevisionSchema)
    .max(RESTORE_LIMITS.posts * 10)
    .optional(),
  redirects: z.array(restoredRedirectSchema).max(RESTORE_LIMITS.posts).optional(),
  // Images by content-hash name, base64: checked against their names when read (media-backup.ts).
  media: z.record(z.string(), z.string()).optional(),
  activity: z.array(activityEntrySchema).max(RESTORE_LIMITS.activity).optional(),
  analytics: backupAnalyticsSchema.optional(),
  // Checked as the Site tab's saves are, so a restore cannot publish content a save would refuse.
  site: siteContentSchema.optional(),
  tags: z.array(restoredSchemaOf(tagRecordSchema)).max(RESTORE_LIMITS.posts).optional(),
  users: z.array(restoredSchemaOf(userRecordSchema)).max(RESTORE_LIMITS.users).optional(),
  messages: z.array(restoredSchemaOf(messageRecordSchema)).max(RESTORE_LIMITS.messages).optional(),
  settings: restoredSchemaOf(settingsRecordSchema.partial()).optional(),
  addressRedirects: z
    .array(restoredSchemaOf(redirectRecordSchema))
    .max(RESTORE_LIMITS.posts * 10)
    .optional(),
  pages: z.array(restoredPageSchema).max(RESTORE_LIMITS.posts).optional(),
  pageRevisions: z
    .array(restoredPageRevisionSchema)
    .max(RESTORE_LIMITS.posts * 10)
    .optional(),
  pageRedirects: z.array(restoredRedirectSchema).max(RESTORE_LIMITS.posts).optional(),
});

/**
 * Checks a backup before anything is restored from it: the format marker and version, then every
 * post against restoredPostSchema (the store checks each again against db.json's own schema), so
 * a restore can never leave a file the next start refuses. `markerRequired: false` also takes a
 * bare `{posts: [...]}` (an upload).
 */
export function parseBackup(raw: unknown, label: string, options: { markerRequired?: boolean } = {}): SavedPost[] {
  return parseBackupContents(raw, label, options).posts;
}

/** parseBackup with the images too, each checked against its content-hash name. */
export function parseBackupContents(
  raw: unknown,
  label: string,
  { markerRequired = true, tooDeep }: { markerRequired?: boolean; tooDeep?: NestingCheck } = {},
): BackupContents {
  if (typeof raw !== "object" || raw === null || !Array.isArray((raw as { posts?: unknown }).posts)) {
    throw new ValidationError(BACKUP_MESSAGES.notBackup(label));
  }
  const { format, version } = raw as { format?: unknown; version?: unknown };
  if (markerRequired || format !== undefined || version !== undefined) {
    if (format !== BACKUP_FORMAT || version === undefined) throw new ValidationError(BACKUP_MESSAGES.notBackup(label));
    if (!READABLE_VERSIONS.includes(version)) throw new ValidationError(BACKUP_MESSAGES.version(label, version));
  }
  const parsed = postsSchema.safeParse(raw);
  if (!parsed.success)
    throw new ValidationError(BACKUP_MESSAGES.invalidPosts(label, describeIssues(parsed.error.issues)));
  const media = parsed.data.media ?? {};
  for (const [name, base64] of Object.entries(media)) {
    if (!mediaMatchesName(name, base64)) throw new ValidationError(BACKUP_MESSAGES.badMedia(label, name));
  }
  // A post of the wrong shape means a damaged file (refused whole, above); one that breaks a post
  // rule is an older release's or a hand edit's, so only that post is left out.
  const { kept, refused } = sortByPostRules(parsed.data.posts, tooDeep);
  const { kept: revisions, refused: refusedRevisions } = sortRevisionsByRules(parsed.data.revisions ?? [], tooDeep);
  return {
    posts: kept,
    media,
    refused: [...refused, ...refusedRevisions],
    revisions,
    redirects: parsed.data.redirects ?? [],
    activity: parsed.data.activity ?? [],
    analytics: parsed.data.analytics ?? [],
    ...(parsed.data.site && { site: parsed.data.site }),
    tags: parsed.data.tags ?? [],
    users: parsed.data.users ?? [],
    messages: parsed.data.messages ?? [],
    addressRedirects: parsed.data.addressRedirects ?? [],
    ...(parsed.data.settings && { settings: { ...DEFAULT_SETTINGS, ...parsed.data.settings } }),
    pages: parsed.data.pages ?? [],
    pageRevisions: parsed.data.pageRevisions ?? [],
    pageRedirects: parsed.data.pageRedirects ?? [],
  };
}

export function parseBackupText(text: string, label: string): SavedPost[] {
  return parseBackupTextContents(text, label).posts;
}

export function parseBackupTextContents(text: string, label: string): BackupContents {
  return parseBackupContents(backupJsonOf(text, label), label);
}

/** A backup file's text as JSON, or the 400 that names it. */
export function backupJsonOf(text: string, label: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ValidationError(BACKUP_MESSAGES.notJson(label, (error as Error).message));
  }
}
