import path from "node:path";
import type { CommandRun } from "~/server/cli";
import { restoreAnalytics } from "~/server/analytics/analytics-backup";
import { readBackupFileContents } from "~/server/backups/backup-folder";
import { restoreSiteContent } from "~/server/backups/backup-service";
import { restoreMedia } from "~/server/media/media-backup";
import { createMediaLibrary } from "~/server/media/media-library";
import { BACKUP_KIND_MESSAGES } from "~/shared/backups";
import { CLI_MESSAGES } from "../cli-messages";
import { configOf, withStore } from "./command-site";

/**
 * `restore FILE`: adds back the posts of FILE that the data folder lacks (by id), with their tags
 * and images. Into a folder without accounts (a site being recovered) it also brings the rest:
 * users, inbox messages, settings and the site content (docs/decisions/195-whole-site-backups.md).
 * A site that has accounts keeps its own: it has no preview here, and an account or a message
 * deleted since the backup must stay deleted; the admin's restore dialog chooses kinds. The file
 * is checked before the folder is opened; opening takes the lock, so a running server makes this
 * refuse. An empty folder is not seeded: sample posts would take the ids the backup's posts need.
 */
export const restore: CommandRun = async (values, [file]) => {
  const {
    posts,
    media,
    refused,
    revisions,
    redirects,
    activity: entries,
    analytics,
    site,
    tags,
    users,
    messages,
    settings,
    addressRedirects,
  } = await readBackupFileContents(path.resolve(file!));
  await withStore(
    values,
    async (store, { files, activity }) => {
      // Images first (the folder's lock is held now), so a restored post never lacks its picture.
      await restoreMedia(media, createMediaLibrary(configOf(values).dataDir, files.media));
      const recovering = (await store.countUsers()) === 0;
      const records = await store.restoreRecords(
        { tags, addressRedirects, ...(recovering && { users, messages, ...(settings && { settings }) }) },
        { replace: false },
      );
      const { restored, skipped } = await store.restorePosts(posts, { revisions, redirects });
      // The log's entries the backup carries and this site lacks (docs/decisions/102-activity-log.md).
      await activity.addMissing(entries);
      await restoreAnalytics(files.analytics, analytics);
      if (recovering) await restoreSiteContent(store, site);
      console.log(CLI_MESSAGES.restored(restored.length, skipped.length, refused));
      if (!recovering && (users?.length || messages?.length || site)) console.log(CLI_MESSAGES.keptOwnRecords);
      // The records only when it added some: a restore of posts into their own site says what it did.
      if (Object.values(records).some((outcome) => outcome.added > 0))
        console.log(BACKUP_KIND_MESSAGES.restoredKinds(records));
    },
    { seed: false },
  );
};
