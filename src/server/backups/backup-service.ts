import {
  countPosts,
  describeRefused,
  type BackupInfo,
  type BackupResult,
  type PurgeResult,
  type RefusedPost,
  type RestoreResult,
  type TestRemovalResult,
} from "~/shared/operations";
import { ConflictError, HttpError, ValidationError } from "~/server/http/errors";
import type { Actor, Post } from "~/server/store/types";
import { POST_SUBJECT } from "~/shared/revisions";
import { sanitizeAhead } from "~/server/posts/post-view";
import { nestingCheckedAhead } from "~/server/posts/post-rules";
import { MOST_LISTED } from "~/server/posts/post-shown";
import { createMediaLibrary, type MediaLibrary } from "~/server/media/media-library";
import { restoreMedia } from "~/server/media/media-backup";
import { backupJsonOf, parseBackupContents, type BackupContents, type BackupExtras } from "./backup-file";
import { folderShelf } from "./backup-folder";
import { takeBackup, type BackupDownload, type BackupShelf, type WrittenBackup } from "./backup-shelf";
import { isTestPostTitle } from "~/shared/test-posts";
import type { SiteContent } from "~/shared/site-content";
import { storageErrorOf } from "~/server/store/storage-errors";
import { NOBODY, type ActivityLog, type Who } from "~/server/activity/activity-log";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { analyticsForBackup, restoreAnalytics } from "~/server/analytics/analytics-backup";
import { folderAnalytics, type AnalyticsStorage } from "~/server/analytics/analytics-storage";
import type { Store } from "~/server/records/store";

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
  /** Backs up every post, drafts too, and the activity log (Backup Now). `who` asks, for the log. */
  backup(who?: Who): Promise<BackupResult>;
  /** Newest first. */
  list(): Promise<BackupInfo[]>;
  /** A backup for downloading (its file, or its text from the database): 400 for a bad name, 404 for a missing one. */
  download(name: string): Promise<BackupDownload>;
  /**
   * Adds back the posts missing by id (docs/architecture.md section 4) from the newest backup (no body or
   * `{}`), a named one (`{file}`) or an uploaded one (`{posts}`, or a whole backup file's
   * content). A malformed backup is a 400 and changes nothing.
   */
  restore(body: unknown, who?: Who): Promise<RestoreResult>;
  /**
   * Backs up every post, then moves them all to the trash; `backup` names the backup, absent when
   * there was nothing to delete.
   */
  purgeAll(who?: Who): Promise<PurgeResult>;
  /**
   * Backs up every post, then deletes those with "test" in the title (test-posts.ts says which);
   * `backup` as for purgeAll. `dryRun` only lists them; `ids` limits the removal to those posts
   * (still only if their title matches), so what a preview showed is exactly what goes.
   */
  removeTestPosts(options?: { dryRun?: boolean; ids?: number[] }, who?: Who): Promise<TestRemovalResult>;
};

/**
 * What a backup of a running site holds besides its posts: their history, the activity log, the
 * analytics' counts and the published site content.
 */
export async function backupExtrasOf(
  store: Store,
  activity?: ActivityLog,
  analytics?: AnalyticsStorage,
): Promise<BackupExtras> {
  const history = {
    revisions: await store.revisionsOfSubject(POST_SUBJECT),
    redirects: await store.listPostRedirects(),
  };
  return {
    history,
    activity: await activity?.entries(),
    analytics: analytics && (await analyticsForBackup(analytics)),
    site: (await store.getSite()).published,
  };
}

export function createBackupService({
  store,
  dataDir,
  keep,
  media = createMediaLibrary(dataDir),
  shelf = folderShelf(dataDir),
  activity,
  analytics = folderAnalytics(dataDir),
}: {
  store: Store;
  dataDir: string;
  keep: number;
  /** The running server's image library: where backups read images from and restores put them. */
  media?: MediaLibrary;
  /** Where backups are kept: the data folder's `backups/` unless given (PostgreSQL's table). */
  shelf?: BackupShelf;
  /** The activity log: backups carry it, restores add back what it lacks, and each step is in it. */
  activity?: ActivityLog;
  /** The analytics' daily counts, which backups carry and restores add back by missing day. */
  analytics?: AnalyticsStorage;
}): BackupService {
  // The shelf answers a name that is not a backup's with its 400 before reading anything.
  const read = async (name: string) => {
    const raw = backupJsonOf(await shelf.read(name), name);
    return parseBackupContents(raw, name, { tooDeep: await nestingCheckedAhead(raw) });
  };

  /** A failed backup is the operator's problem too (a full disk), so it is logged as well as answered. */
  async function take(all: readonly Post[], failure: (cause: string) => string): Promise<WrittenBackup> {
    try {
      // db.json whole first (docs/decisions/092-a-journal-beside-db-json.md), so a copy of the data
      // folder taken beside this backup needs no journal.
      await store.compact?.();
      return await takeBackup(shelf, media, all, keep, await backupExtrasOf(store, activity, analytics));
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
    if (fields && "posts" in fields) {
      const tooDeep = await nestingCheckedAhead(fields);
      return parseBackupContents(fields, BACKUP_SERVICE_MESSAGES.uploadLabel, { markerRequired: false, tooDeep });
    }
    throw new ValidationError(BACKUP_SERVICE_MESSAGES.restoreRequest);
  }

  return {
    async backup(who = NOBODY) {
      const { name, count } = await take(await store.listPosts(), BACKUP_SERVICE_MESSAGES.backupFailed);
      await activity?.record("backup", who, ACTIVITY_MESSAGES.backup(name, count));
      return { count, file: name };
    },

    list: () => shelf.list(),

    download: (name) => shelf.download(name),

    async restore(body, who = NOBODY) {
      const contents = await postsToRestore(body);
      // Images first, so a restored post never shows a missing picture.
      await restoreMedia(contents.media, media);
      await sanitizeRestoredAhead(store, contents.posts);
      const { restored, skipped } = await store.restorePosts(contents.posts, {
        revisions: contents.revisions,
        redirects: contents.redirects,
        by: who.user,
      });
      await activity?.addMissing(contents.activity);
      await restoreAnalytics(analytics, contents.analytics);
      await restoreSiteContent(store, contents.site);
      await activity?.record("restore", who, ACTIVITY_MESSAGES.restore(restored.length, skipped.length));
      return {
        success: true,
        restored: restored.length,
        skipped: skipped.length,
        refused: contents.refused,
        message: BACKUP_SERVICE_MESSAGES.restored(restored.length, skipped.length, contents.refused),
      };
    },

    async purgeAll(who = NOBODY) {
      const { selected, removed, backup } = await deleteAfterBackup(() => true, who.user);
      if (backup) await activity?.record("purge", who, ACTIVITY_MESSAGES.purge(removed.length, backup));
      return {
        // `failed`: posts the backup holds that this call did not delete (another request did first).
        results: { totalPosts: selected.length, deleted: removed.length, failed: selected.length - removed.length },
        ...(backup && { backup }),
        message: backup
          ? BACKUP_SERVICE_MESSAGES.purged(removed.length, backup)
          : BACKUP_SERVICE_MESSAGES.nothingToPurge,
      };
    },

    async removeTestPosts({ dryRun = false, ids } = {}, who = NOBODY) {
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
      const { removed, backup } = await deleteAfterBackup(select, who.user);
      if (backup) await activity?.record("purge", who, ACTIVITY_MESSAGES.testPostsRemoved(removed.length, backup));
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

/**
 * The contents of the posts a restore adds, sanitized before the store's write (long ones in the
 * worker, src/server/posts/sanitize-worker.ts): the store reads each added post's card as it
 * describes the write, unless the write adds so many that it drops every page anyway.
 */
async function sanitizeRestoredAhead(store: Store, posts: readonly Pick<Post, "id" | "content">[]): Promise<void> {
  const stored = new Set((await store.listPosts()).map((post) => post.id));
  const added = posts.filter((post) => !stored.has(post.id));
  if (added.length <= MOST_LISTED) await sanitizeAhead(added.map((post) => post.content));
}
