import type { BackupInfo } from "~/shared/operations";
import { collectMedia, type MediaSource } from "~/server/media/media-backup";
import { mediaHashesIn } from "~/server/media/media-refs";
import type { Post } from "~/server/store/types";
import { serializeBackup, type BackupExtras } from "./backup-file";

/** A backup just stored: its name, where it is (a file, or the name in the database) and its posts. */
export type WrittenBackup = { name: string; file: string; count: number };

/** What a download sends: a file on this machine, or the text itself. */
export type BackupDownload = { file: string } | { text: string };

/**
 * Where the post backups live, behind one interface (docs/decisions/044-postgres-media-and-backups.md):
 * the data folder's `backups/` (backup-folder.ts), or PostgreSQL's `backups` table, so a backup
 * taken on one instance is listed, downloaded and restored on every other (pg-backup-shelf.ts).
 * Both answer the same names (backupName), the same order and the same messages.
 */
export type BackupShelf = {
  /**
   * Stores `text` under the name of `time`, or of the first free millisecond after it, then deletes
   * all but the newest `keep`; the old ones go only once the new one is stored.
   */
  add(text: string, time: Date, count: number, keep: number): Promise<WrittenBackup>;
  /**
   * As `add`, under exactly the name of `time` (a schedule's slot) or not at all: answers undefined
   * when a backup has that name already, as another instance's scheduled one does
   * (docs/decisions/196-scheduled-backups-and-retention.md).
   */
  claim(text: string, time: Date, count: number, keep: number): Promise<WrittenBackup | undefined>;
  /** Newest first. */
  list(): Promise<BackupInfo[]>;
  /** The newest backup's name, or undefined when there is none. */
  newest(): Promise<string | undefined>;
  /** When the newest backup was stored, for the health report; undefined when there is none. */
  newestTime(): Promise<string | undefined>;
  /** A backup's text: 400 for a name that is not a backup's, 404 for a missing one. */
  read(name: string): Promise<string>;
  /** As `read`, in the form the download route sends. */
  download(name: string): Promise<BackupDownload>;
  /** Hash -> how many kept backups name that image. */
  mediaCounts(): Promise<Map<string, number>>;
};

/**
 * A backup of `posts` with the images they show (docs/decisions/026-backups-carry-their-images.md)
 * and the activity log (docs/decisions/102-activity-log.md) and the analytics'
 * daily counts, when given.
 */
export async function takeBackup(
  shelf: BackupShelf,
  originals: MediaSource,
  posts: readonly Post[],
  keep: number,
  extras: BackupExtras = {},
): Promise<WrittenBackup> {
  const { text, now } = await backupText(originals, posts, extras);
  return shelf.add(text, now, posts.length, keep);
}

/** takeBackup under a schedule's slot name, or nothing when that slot's backup exists (BackupShelf.claim). */
export async function takeScheduledBackup(
  shelf: BackupShelf,
  originals: MediaSource,
  posts: readonly Post[],
  keep: number,
  extras: BackupExtras,
  slot: Date,
): Promise<WrittenBackup | undefined> {
  const { text } = await backupText(originals, posts, extras);
  return shelf.claim(text, slot, posts.length, keep);
}

async function backupText(originals: MediaSource, posts: readonly Post[], extras: BackupExtras) {
  const now = new Date();
  // The users' pictures and the site content's images too (docs/decisions/195-whole-site-backups.md).
  const also = mediaHashesIn(JSON.stringify([extras.site ?? null, extras.records?.users ?? []]));
  const text = serializeBackup(posts, now.toISOString(), await collectMedia(originals, posts, also), extras);
  return { text, now };
}
