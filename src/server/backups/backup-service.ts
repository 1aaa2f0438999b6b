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
import { backupJsonOf, backupName, parseBackupContents, type BackupContents, type BackupExtras } from "./backup-file";
import { folderShelf } from "./backup-folder";
import {
  takeBackup,
  takeScheduledBackup,
  type BackupDownload,
  type BackupShelf,
  type WrittenBackup,
} from "./backup-shelf";
import { isTestPostTitle } from "~/shared/test-posts";
import type { SiteContent } from "~/shared/site-content";
import { storageErrorOf } from "~/server/store/storage-errors";
import { NOBODY, type ActivityLog, type Who } from "~/server/activity/activity-log";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { analyticsForBackup, missingAnalytics, restoreAnalytics } from "~/server/analytics/analytics-backup";
import { isDeepStrictEqual } from "node:util";
import {
  BACKUP_KIND_MESSAGES,
  BACKUP_KINDS,
  POSTS_ONLY,
  type BackupKind,
  type KindOutcome,
  type KindOutcomes,
} from "~/shared/backups";
import type { RestoredRecords } from "./restore-records";
import { folderAnalytics, type AnalyticsStorage } from "~/server/analytics/analytics-storage";
import type { Store } from "~/server/records/store";
import { PAGE_SUBJECT } from "~/shared/pages";
import { sanitizeStoredBlocks } from "~/server/pages/sanitize-blocks";

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
  /**
   * The whole-site backup of a schedule's slot (backup-scheduler.ts), under the slot's name; undefined
   * when that slot's backup exists already (this instance's or another's).
   */
  scheduled(slot: Date): Promise<WrittenBackup | undefined>;
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
   * What restoring `kinds` (every kind when absent) from the named backup would add, replace and
   * leave alone, kind by kind; writes nothing.
   */
  preview(name: string, kinds?: readonly BackupKind[]): Promise<{ name: string; kinds: KindOutcomes }>;
  /** Restores the chosen kinds from the named backup; the message names every kind it touched. */
  restoreKinds(name: string, kinds: readonly BackupKind[], who?: Who): Promise<RestoreResult>;
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
    records: {
      tags: await store.listTags(),
      // A reset link is no one's to use once restored (docs/decisions/230-invitations-and-reset-links.md).
      users: (await store.listUsers()).map(({ passwordReset: _, ...user }) => user),
      messages: await store.listMessages(),
      settings: await store.getSettings(),
      addressRedirects: await store.listRedirects(),
    },
    pages: {
      pages: await store.listPages(),
      revisions: await store.revisionsOfSubject(PAGE_SUBJECT),
      redirects: await store.listPageRedirects(),
    },
  };
}

/** A backup's pages as a restore puts them back: a rich-text block's HTML through the sanitizer again. */
const restoredPagesOf = (contents: BackupContents) => ({
  pages: contents.pages.map((page) => ({ ...page, blocks: sanitizeStoredBlocks(page.blocks) })),
  revisions: contents.pageRevisions,
  redirects: contents.pageRedirects,
});

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

  /** The backup's tags, users, inbox and settings of the chosen kinds, for restoreRecords. */
  const recordsOf = (contents: BackupContents, kinds: ReadonlySet<BackupKind>): RestoredRecords => ({
    ...(kinds.has("tags") && { tags: contents.tags }),
    ...(kinds.has("users") && { users: contents.users }),
    ...(kinds.has("messages") && { messages: contents.messages }),
    ...(kinds.has("settings") && contents.settings && { settings: contents.settings }),
    // The old addresses lead to the posts, so they come back with them.
    ...(kinds.has("posts") && { addressRedirects: contents.addressRedirects }),
  });

  async function mediaOutcome(contents: BackupContents): Promise<KindOutcome> {
    const here = new Set((await media.list()).map((image) => image.name));
    const names = Object.keys(contents.media);
    const added = names.filter((name) => !here.has(name)).length;
    return { added, replaced: 0, unchanged: names.length - added };
  }

  async function siteOutcome(site: SiteContent | undefined): Promise<KindOutcome> {
    const none = { added: 0, replaced: 0, unchanged: 0 };
    if (!site) return none;
    const now = await store.getSite();
    if (isDeepStrictEqual(now.published, site)) return { ...none, unchanged: 1 };
    return now.publishedAt === undefined ? { ...none, added: 1 } : { ...none, replaced: 1 };
  }

  async function activityOutcome(entries: BackupContents["activity"]): Promise<KindOutcome> {
    const here = new Set((await activity?.entries())?.map((entry) => entry.id));
    const added = entries.filter((entry) => !here.has(entry.id)).length;
    return { added, replaced: 0, unchanged: entries.length - added };
  }

  async function analyticsOutcome(rows: BackupContents["analytics"]): Promise<KindOutcome> {
    const added = (await missingAnalytics(analytics, rows)).length;
    return { added, replaced: 0, unchanged: rows.length - added };
  }

  async function previewOf(contents: BackupContents, kinds: ReadonlySet<BackupKind>): Promise<KindOutcomes> {
    const { records, posts } = await store.previewRestore(
      recordsOf(contents, kinds),
      kinds.has("posts") ? contents.posts : undefined,
    );
    const outcomes: KindOutcomes = { ...records };
    if (posts) outcomes.posts = { added: posts.restored.length, replaced: 0, unchanged: posts.skipped.length };
    if (kinds.has("pages")) {
      const pages = await store.previewRestorePages(restoredPagesOf(contents));
      outcomes.pages = { added: pages.restored.length, replaced: 0, unchanged: pages.skipped.length };
    }
    if (kinds.has("site")) outcomes.site = await siteOutcome(contents.site);
    if (kinds.has("media")) outcomes.media = await mediaOutcome(contents);
    if (kinds.has("activity")) outcomes.activity = await activityOutcome(contents.activity);
    if (kinds.has("analytics")) outcomes.analytics = await analyticsOutcome(contents.analytics);
    return sorted(outcomes);
  }

  /**
   * One restore of the chosen kinds from a backup checked whole before anything is written
   * (parseBackupContents), each kind in one write: images first, so nothing restored shows a
   * missing picture, then the records, the posts and the site content.
   */
  async function restoreChosen(contents: BackupContents, chosen: readonly BackupKind[], who: Who) {
    const kinds = new Set(chosen);
    const outcomes: KindOutcomes = {};
    if (kinds.has("media")) {
      outcomes.media = await mediaOutcome(contents);
      await restoreMedia(contents.media, media);
    }
    const records = recordsOf(contents, kinds);
    if (Object.keys(records).length > 0) Object.assign(outcomes, await store.restoreRecords(records));
    if (kinds.has("posts")) {
      await sanitizeRestoredAhead(store, contents.posts);
      const { restored, skipped } = await store.restorePosts(contents.posts, {
        revisions: contents.revisions,
        redirects: contents.redirects,
        by: who.user,
      });
      outcomes.posts = { added: restored.length, replaced: 0, unchanged: skipped.length };
    }
    if (kinds.has("pages")) {
      const { restored, skipped } = await store.restorePages(restoredPagesOf(contents), who.user);
      outcomes.pages = { added: restored.length, replaced: 0, unchanged: skipped.length };
    }
    if (kinds.has("site")) {
      outcomes.site = await siteOutcome(contents.site);
      await restoreSiteContent(store, contents.site);
    }
    if (kinds.has("activity")) {
      const added = (await activity?.addMissing(contents.activity)) ?? 0;
      outcomes.activity = { added, replaced: 0, unchanged: contents.activity.length - added };
    }
    if (kinds.has("analytics")) {
      outcomes.analytics = await analyticsOutcome(contents.analytics);
      await restoreAnalytics(analytics, contents.analytics);
    }
    const posts = outcomes.posts ?? { added: 0, unchanged: 0 };
    // A posts restore reads as it always did in the log; one of other kinds names each it touched.
    const postsOnly = chosen.every((kind) => POSTS_ONLY.includes(kind));
    const logged = postsOnly
      ? ACTIVITY_MESSAGES.restore(posts.added, posts.unchanged)
      : BACKUP_KIND_MESSAGES.restoredKinds(sorted(outcomes));
    await activity?.record("restore", who, logged);
    return { kinds: sorted(outcomes) };
  }

  return {
    async backup(who = NOBODY) {
      const { name, count } = await take(await store.listPosts(), BACKUP_SERVICE_MESSAGES.backupFailed);
      await activity?.record("backup", who, ACTIVITY_MESSAGES.backup(name, count));
      return { count, file: name };
    },

    async scheduled(slot) {
      const name = backupName(slot);
      // Cheap first: most checks find the slot's backup there, and skip reading the site.
      if ((await shelf.list()).some((backup) => backup.name === name)) return undefined;
      await store.compact?.();
      const posts = await store.listPosts();
      const written = await takeScheduledBackup(
        shelf,
        media,
        posts,
        keep,
        await backupExtrasOf(store, activity, analytics),
        slot,
      );
      if (written) await activity?.record("backup", NOBODY, ACTIVITY_MESSAGES.backup(written.name, written.count));
      return written;
    },

    list: () => shelf.list(),

    download: (name) => shelf.download(name),

    async restore(body, who = NOBODY) {
      // Posts only, with the images they show (docs/decisions/195-whole-site-backups.md): the site
      // content, users and inbox come back only when a restore by kind names them.
      const contents = await postsToRestore(body);
      const { kinds } = await restoreChosen(contents, POSTS_ONLY, who);
      const { added: restored, unchanged: skipped } = kinds.posts!;
      return {
        success: true,
        restored,
        skipped,
        refused: contents.refused,
        message: BACKUP_SERVICE_MESSAGES.restored(restored, skipped, contents.refused),
      };
    },

    async preview(name, kinds = BACKUP_KINDS) {
      return { name, kinds: await previewOf(await read(name), new Set(kinds)) };
    },

    async restoreKinds(name, chosen, who = NOBODY) {
      const contents = await read(name);
      const { kinds } = await restoreChosen(contents, chosen, who);
      const restored = kinds.posts?.added ?? 0;
      const skipped = kinds.posts?.unchanged ?? 0;
      return {
        success: true,
        restored,
        skipped,
        refused: kinds.posts ? contents.refused : [],
        message: BACKUP_KIND_MESSAGES.restoredKinds(kinds) + (kinds.posts ? describeRefused(contents.refused) : ""),
        kinds,
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

/** The kinds in BACKUP_KINDS order, so answers list them alike. */
function sorted(outcomes: KindOutcomes): KindOutcomes {
  return Object.fromEntries(BACKUP_KINDS.flatMap((kind) => (outcomes[kind] ? [[kind, outcomes[kind]]] : [])));
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
