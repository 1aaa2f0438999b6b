import type {
  BackupInfo,
  BackupResult,
  PurgeResult,
  RefusedPost,
  RestoreResult,
  TestRemovalResult,
} from "~/shared/operations";
import { describeRefused } from "~/server/posts/post-rules";
import { ConflictError, HttpError, ValidationError } from "~/server/http/errors";
import type { Actor, Post, Store } from "~/server/store/types";
import { POST_SUBJECT } from "~/server/posts/post-revisions";
import { createMediaLibrary, type MediaLibrary } from "~/server/media/media-library";
import { restoreMedia } from "~/server/media/media-backup";
import { countPosts, parseBackupContents, parseBackupTextContents, type BackupContents } from "./backup-file";
import { folderShelf } from "./backup-folder";
import { takeBackup, type BackupDownload, type BackupShelf, type WrittenBackup } from "./backup-shelf";
import { isTestPostTitle } from "~/shared/test-posts";
import type { SiteContent } from "~/shared/site-content";
import { storageErrorOf } from "~/server/store/storage-errors";

export const BACKUP_SERVICE_MESSAGES = {
  backupFailed: (cause: string) => `The backup could not be written: ${cause}`,
  backupFailedNothingDeleted: (cause: string) => `The backup could not be written, so nothing was deleted: ${cause}`,
  /** Who a restore's site revision names. */
  restoredBy: "backup restore",
  noBackups: "There is no backup to restore from yet: take one with Backup Now first.",
  restoreRequest:
    'Send no body to restore the newest backup, {"file": "posts-<time>.json"} for another, or a backup file\'s content.',
  uploadLabel: "The uploaded backup",
  restored: (restored: number, skipped: number, refused: readonly RefusedPost[] = []) =>
    `Restored ${countPosts(restored)}, skipped ${skipped} that already exist.${describeRefused(refused)}`,
  purged: (deleted: number, file: string) =>
    `Deleted ${countPosts(deleted)}. A backup of every post was taken first: ${file}.`,
  nothingToPurge: "There were no posts to delete, so no backup was needed.",
  testPostsRemoved: (removed: number, file: string) =>
    `Removed ${countPosts(removed, "test post")}. Backups are updated: ${file} holds every post from before the removal.`,
  noTestPosts: 'No post has "test" in its title, so nothing was removed and no backup was needed.',
  testPostsPreview: (count: number) =>
    count === 0
      ? 'No post has "test" in its title: nothing would be removed.'
      : `${countPosts(count, "post")} with "test" in the title would be removed. Nothing was removed yet.`,
  testRemovalRequest: 'Send no body, {"dryRun": true} to list what would go, or {"ids": [...]} to remove only those.',
} as const;

export type BackupService = {
  /** Backs up every post, drafts too (Backup Now). */
  backup(): Promise<BackupResult>;
  /** Newest first. */
  list(): Promise<BackupInfo[]>;
  /** A backup for downloading (its file, or its text from the database): 400 for a bad name, 404 for a missing one. */
  download(name: string): Promise<BackupDownload>;
  /**
   * Adds back the posts missing by id (docs/architecture.md section 4) from the newest backup (no body or
   * `{}`), a named one (`{file}`) or an uploaded one (`{posts}`, or a whole backup file's
   * content). A malformed backup is a 400 and changes nothing.
   */
  restore(body: unknown, by?: Actor): Promise<RestoreResult>;
  /**
   * Backs up every post, then moves them all to the trash; `backup` names the backup, absent when
   * there was nothing to delete.
   */
  purgeAll(by?: Actor): Promise<PurgeResult>;
  /**
   * Backs up every post, then deletes those with "test" in the title (test-posts.ts says which);
   * `backup` as for purgeAll. `dryRun` only lists them; `ids` limits the removal to those posts
   * (still only if their title matches), so what a preview showed is exactly what goes.
   */
  removeTestPosts(options?: { dryRun?: boolean; ids?: number[] }, by?: Actor): Promise<TestRemovalResult>;
};

export function createBackupService({
  store,
  dataDir,
  keep,
  media = createMediaLibrary(dataDir),
  shelf = folderShelf(dataDir),
}: {
  store: Store;
  dataDir: string;
  keep: number;
  /** The running server's image library: where backups read images from and restores put them. */
  media?: MediaLibrary;
  /** Where backups are kept: the data folder's `backups/` unless given (PostgreSQL's table). */
  shelf?: BackupShelf;
}): BackupService {
  // The shelf answers a name that is not a backup's with its 400 before reading anything.
  const read = async (name: string) => parseBackupTextContents(await shelf.read(name), name);

  /** A failed backup is the operator's problem too (a full disk), so it is logged as well as answered. */
  async function take(all: readonly Post[], failure: (cause: string) => string): Promise<WrittenBackup> {
    try {
      const history = {
        revisions: await store.revisionsOfSubject(POST_SUBJECT),
        redirects: await store.listPostRedirects(),
      };
      return await takeBackup(shelf, media, all, keep, history, (await store.getSite()).published);
    } catch (error) {
      console.error("Backup failed:", error);
      // A disk failure keeps its status (507, 503) and says what to do, not the folder's path.
      const storage = storageErrorOf(error);
      if (storage) throw new HttpError(storage.status, failure(storage.message), undefined, storage.headers);
      throw new HttpError(500, failure(error instanceof Error ? error.message : String(error)));
    }
  }

  /**
   * Purge and test-post removal (docs/architecture.md section 4): a backup of every post first, and only if
   * it is on disk, the deletion of the selected posts it holds, in one write. A post created in
   * between is not in the backup, so it is not deleted either.
   */
  async function deleteAfterBackup(select: (post: Post) => boolean, by?: Actor) {
    const all = await store.listPosts();
    const selected = all.filter(select);
    if (selected.length === 0) return { selected, removed: [] };
    const { name } = await take(all, BACKUP_SERVICE_MESSAGES.backupFailedNothingDeleted);
    const removed = await store.deletePosts(
      selected.map((p) => p.id),
      by,
    );
    return { selected, removed, backup: name };
  }

  async function postsToRestore(body: unknown): Promise<BackupContents> {
    const fields =
      typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    if (body === undefined || (fields && Object.keys(fields).length === 0)) {
      const newest = await shelf.newest();
      if (!newest) throw new ValidationError(BACKUP_SERVICE_MESSAGES.noBackups);
      return read(newest);
    }
    if (typeof fields?.file === "string") return read(fields.file);
    if (fields && "posts" in fields)
      return parseBackupContents(fields, BACKUP_SERVICE_MESSAGES.uploadLabel, { markerRequired: false });
    throw new ValidationError(BACKUP_SERVICE_MESSAGES.restoreRequest);
  }

  return {
    async backup() {
      const { name, count } = await take(await store.listPosts(), BACKUP_SERVICE_MESSAGES.backupFailed);
      return { count, file: name };
    },

    list: () => shelf.list(),

    download: (name) => shelf.download(name),

    async restore(body, by) {
      const contents = await postsToRestore(body);
      // Images first, so a restored post never shows a missing picture.
      await restoreMedia(contents.media, media);
      const { restored, skipped } = await store.restorePosts(contents.posts, {
        revisions: contents.revisions,
        redirects: contents.redirects,
        by,
      });
      await restoreSiteContent(store, contents.site);
      return {
        success: true,
        restored: restored.length,
        skipped: skipped.length,
        refused: contents.refused,
        message: BACKUP_SERVICE_MESSAGES.restored(restored.length, skipped.length, contents.refused),
      };
    },

    async purgeAll(by) {
      const { selected, removed, backup } = await deleteAfterBackup(() => true, by);
      return {
        // `failed`: posts the backup holds that this call did not delete (another request did first).
        results: { totalPosts: selected.length, deleted: removed.length, failed: selected.length - removed.length },
        ...(backup && { backup }),
        message: backup
          ? BACKUP_SERVICE_MESSAGES.purged(removed.length, backup)
          : BACKUP_SERVICE_MESSAGES.nothingToPurge,
      };
    },

    async removeTestPosts({ dryRun = false, ids } = {}, by) {
      const chosen = ids && new Set(ids);
      const select = (post: Post) => isTestPostTitle(post.title) && (!chosen || chosen.has(post.id));
      if (dryRun) {
        const matching = (await store.listPosts()).filter(select);
        return {
          message: BACKUP_SERVICE_MESSAGES.testPostsPreview(matching.length),
          dryRun: true,
          deletedPosts: [],
          wouldDelete: matching.map(({ id, title }) => ({ id, title })),
        };
      }
      const { removed, backup } = await deleteAfterBackup(select, by);
      return {
        message: backup
          ? BACKUP_SERVICE_MESSAGES.testPostsRemoved(removed.length, backup)
          : BACKUP_SERVICE_MESSAGES.noTestPosts,
        deletedPosts: removed.map(({ id, title }) => ({ id, title })),
        ...(backup && { backup }),
      };
    },
  };
}

/**
 * A backup's site content is published again as a revision, so what it replaced can itself be
 * restored; one that is the published content already has nothing to publish.
 */
export async function restoreSiteContent(store: Store, site: SiteContent | undefined): Promise<void> {
  if (!site) return;
  await store.publishSite(BACKUP_SERVICE_MESSAGES.restoredBy, site).catch((error: unknown) => {
    if (!(error instanceof ConflictError)) throw error;
  });
}
