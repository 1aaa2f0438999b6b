import { z } from "zod";
import { ValidationError } from "../errors";
import { describeIssues, postSchema } from "../store/db-schema";
import { mediaMatchesName, type BackupMedia } from "../media/media-backup";
import type { Post } from "../store/types";

/**
 * One backup file, `data/backups/posts-<ISO time>.json` (DESIGN.md section 4): every post, drafts
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

export type Backup = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  count: number;
  posts: Post[];
  media: BackupMedia;
};

/** What a restore puts back: the posts, and the images they show (none from a version 1 file). */
export type BackupContents = { posts: Post[]; media: BackupMedia };

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
  badName: (name: string) => `"${name}" is not a backup name: backups are named posts-<time>.json.`,
  notFound: (name: string) => `There is no backup named "${name}".`,
  noFile: (file: string) => `There is no file at ${file}.`,
} as const;

/** "1 post", "3 posts": for the messages of backups and restores. */
export const countPosts = (n: number, what = "post") => `${n} ${what}${n === 1 ? "" : "s"}`;

/** Strict, so a name from a URL or a request body can never leave the backups folder. */
const NAME = /^posts-[0-9TZ.-]+\.json$/;

export const isBackupName = (name: string) => NAME.test(name);

export function assertBackupName(name: string): void {
  if (!isBackupName(name)) throw new ValidationError(BACKUP_MESSAGES.badName(name));
}

/** The ISO time with its colons made hyphens, which every file system accepts; names sort by time. */
export const backupName = (time: Date) => `posts-${time.toISOString().replaceAll(":", "-")}.json`;

export function serializeBackup(posts: readonly Post[], createdAt: string, media: BackupMedia = {}): string {
  const backup = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt, count: posts.length, posts, media };
  return JSON.stringify(backup, null, 2) + "\n";
}

/** The start of a file serializeBackup wrote; anything else (a hand-made file) does not match. */
const HEADER = new RegExp(
  `^\\{\\s*"format":\\s*"${BACKUP_FORMAT}",\\s*"version":\\s*[12],\\s*"createdAt":\\s*"([^"]+)",\\s*"count":\\s*(\\d+)`,
);

export function readHeader(start: string): { createdAt: string; count: number } | undefined {
  const match = HEADER.exec(start);
  return match ? { createdAt: match[1]!, count: Number(match[2]) } : undefined;
}

const postsSchema = z.looseObject({
  posts: z.array(postSchema),
  media: z.record(z.string(), z.string()).optional(),
});

/**
 * Checks a backup before anything is restored from it: the format marker and version, then every
 * post against the schema db.json is loaded with, so a restore can never leave a file the next
 * start refuses. `markerRequired: false` also takes a bare `{posts: [...]}` (an upload, issue 5).
 */
export function parseBackup(raw: unknown, label: string, options: { markerRequired?: boolean } = {}): Post[] {
  return parseBackupContents(raw, label, options).posts;
}

/** parseBackup with the images too, each checked against its content-hash name. */
export function parseBackupContents(raw: unknown, label: string, { markerRequired = true } = {}): BackupContents {
  if (typeof raw !== "object" || raw === null || !Array.isArray((raw as { posts?: unknown }).posts)) {
    throw new ValidationError(BACKUP_MESSAGES.notBackup(label));
  }
  const { format, version } = raw as { format?: unknown; version?: unknown };
  if (markerRequired || format !== undefined || version !== undefined) {
    if (format !== BACKUP_FORMAT || version === undefined) throw new ValidationError(BACKUP_MESSAGES.notBackup(label));
    if (!READABLE_VERSIONS.includes(version)) throw new ValidationError(BACKUP_MESSAGES.version(label, version));
  }
  const parsed = postsSchema.safeParse(raw);
  if (!parsed.success) throw new ValidationError(BACKUP_MESSAGES.invalidPosts(label, describeIssues(parsed.error.issues)));
  const media = parsed.data.media ?? {};
  for (const [name, base64] of Object.entries(media)) {
    if (!mediaMatchesName(name, base64)) throw new ValidationError(BACKUP_MESSAGES.badMedia(label, name));
  }
  return { posts: parsed.data.posts as Post[], media };
}

export function parseBackupText(text: string, label: string): Post[] {
  return parseBackupTextContents(text, label).posts;
}

export function parseBackupTextContents(text: string, label: string): BackupContents {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ValidationError(BACKUP_MESSAGES.notJson(label, (error as Error).message));
  }
  return parseBackupContents(raw, label);
}
