import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { MEDIA_MESSAGES, type MediaItem } from "~/shared/media";
import { NOBODY, type ActivityLog, type Who } from "~/server/activity/activity-log";
import { folderShelf } from "~/server/backups/backup-folder";
import type { BackupShelf } from "~/server/backups/backup-shelf";
import { ConflictError, NotFoundError } from "~/server/http/errors";
import type { Post } from "~/server/store/types";
import type { MediaLibrary, StoredImage } from "./media-library";
import { mediaHashesIn, postMediaHashes } from "./media-refs";
import { POST_SUBJECT } from "~/shared/revisions";
import type { PostSnapshot } from "~/shared/revisions";
import type { Store } from "~/server/records/store";

/**
 * The admin Media panel's view of the library: where each image is used, and deletion of one
 * nothing uses. An image a post or a kept backup still names is never deleted, so a restore can
 * always bring back a post with its pictures (docs/decisions/026-backups-carry-their-images.md).
 */
export function createMediaService({
  store,
  media,
  dataDir,
  shelf = folderShelf(dataDir),
  activity,
}: {
  store: Store;
  media: MediaLibrary;
  dataDir: string;
  /** Where the kept backups are: the data folder's unless given. */
  shelf?: BackupShelf;
  /** Where `removeUnused` lists each image it removes. */
  activity?: ActivityLog;
}) {
  /** Hash -> how many kept backups name it. */
  const backupRefs = () => shelf.mediaCounts();

  /**
   * Where a post's history still shows an image: a trashed post can be restored and an earlier
   * version put back (docs/decisions/097-deleted-posts-go-to-a-trash.md), so neither may lose it.
   */
  async function historyRefs(hash: string): Promise<string | undefined> {
    const trashed = (await store.listTrash()).filter((p) => postMediaHashes(p).has(hash));
    if (trashed.length) return trashed.map((p) => MEDIA_MESSAGES.inTrash(p.title)).join(", ");
    const versions = (await store.revisionsOfSubject(POST_SUBJECT)).filter((r) =>
      postMediaHashes(r.snapshot as PostSnapshot).has(hash),
    );
    const posts = new Set(versions.map((r) => r.subjectId)).size;
    return posts ? MEDIA_MESSAGES.inHistory(posts) : undefined;
  }

  function postRefs(posts: readonly Post[]): Map<string, { id: number; title: string }[]> {
    const uses = new Map<string, { id: number; title: string }[]>();
    for (const post of posts) {
      for (const hash of postMediaHashes(post)) {
        const list = uses.get(hash) ?? [];
        list.push({ id: post.id, title: post.title });
        uses.set(hash, list);
      }
    }
    return uses;
  }

  return {
    async list(): Promise<MediaItem[]> {
      const [images, posts, backups] = await Promise.all([
        media.list(),
        store.listPosts().then(postRefs),
        backupRefs(),
      ]);
      return images.map(({ name, url, type, width, height, bytes, createdAt, hash }) => ({
        name,
        url,
        type,
        width,
        height,
        bytes,
        createdAt,
        usedBy: posts.get(hash) ?? [],
        inBackups: backups.get(hash) ?? 0,
      }));
    },

    /**
     * Removes the images stored before `before` that nothing uses: no post (in the Trash and in
     * earlier versions too), avatar, site content (published, draft or an earlier version),
     * setting or kept backup names them (docs/decisions/150-upload-limits-and-unused-images.md).
     * Decided while no post can be written, as `remove` is; each removal is listed in the
     * activity log as done by `who` (the hourly sweep: nobody). Answers what it removed.
     */
    async removeUnused(before: Date, who: Who = NOBODY): Promise<StoredImage[]> {
      const old = (await media.list()).filter((image) => Date.parse(image.createdAt) < before.getTime());
      if (!old.length) return [];
      return store.withPostsSettled(async (posts) => {
        const used = new Set<string>();
        const snapshots = (await store.revisionsOfSubject(POST_SUBJECT)).map((r) => r.snapshot as PostSnapshot);
        for (const post of [...posts, ...(await store.listTrash()), ...snapshots])
          for (const hash of postMediaHashes(post)) used.add(hash);
        for (const user of await store.listUsers()) mediaHashesIn(user.avatar, used);
        const site = await store.getSite();
        const siteRevisions = (await store.listSiteRevisions()).map((r) => r.content);
        const settings = await store.getSettings();
        mediaHashesIn(JSON.stringify([site.published, site.draft, siteRevisions, settings]), used);
        for (const hash of (await backupRefs()).keys()) used.add(hash);
        const removed: StoredImage[] = [];
        for (const image of old) {
          if (used.has(image.hash)) continue;
          await media.remove(image);
          removed.push(image);
          await activity?.record(
            "image-removed",
            who,
            ACTIVITY_MESSAGES.unusedImage(image.name, image.bytes, image.createdAt),
          );
        }
        return removed;
      });
    },

    async remove(name: string): Promise<void> {
      const hash = /^([0-9a-f]{64})\.\w+$/.exec(name)?.[1];
      const image = hash ? await media.byHash(hash) : undefined;
      if (!image || image.name !== name) throw new NotFoundError(MEDIA_MESSAGES.notFound);
      // Checked and removed while no post can be written, on every instance: a post another
      // instance has just saved with this image is among `posts` (docs/decisions/086-writes-decided-under-the-lock.md).
      await store.withPostsSettled(async (posts) => {
        const used = postRefs(posts).get(image.hash) ?? [];
        if (used.length) throw new ConflictError(MEDIA_MESSAGES.inUse(used.map((p) => `"${p.title}"`).join(", ")));
        // An avatar is shown in bylines and on an author page (docs/decisions/130-bylines-and-author-pages.md).
        const avatarOf = (await store.listUsers()).filter((u) => u.avatar && mediaHashesIn(u.avatar).has(image.hash));
        if (avatarOf.length)
          throw new ConflictError(MEDIA_MESSAGES.inUse(MEDIA_MESSAGES.avatarOf(avatarOf[0]!.username)));
        const inHistory = await historyRefs(image.hash);
        if (inHistory) throw new ConflictError(MEDIA_MESSAGES.inUse(inHistory));
        const inBackups = (await backupRefs()).get(image.hash) ?? 0;
        if (inBackups)
          throw new ConflictError(MEDIA_MESSAGES.inUse(`${inBackups} kept backup${inBackups === 1 ? "" : "s"}`));
        await media.remove(image);
      });
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
