import fs from "node:fs/promises";
import path from "node:path";
import { ANALYTICS_FOLDER } from "~/server/analytics/analytics-storage";
import { backupsDir } from "~/server/backups/backup-folder";
import { HEALTH_PROBE_FILE } from "./health";
import { isRunning, removeStaleTemps } from "~/server/store/durable-file-adapter";
import { DB_FILE } from "~/server/store/json-store";
import { MEDIA_CACHE_FOLDER, MEDIA_FOLDER, SOCIAL_CARDS_FOLDER } from "~/server/media/media-names";

/**
 * Files that writes interrupted by a crash or a kill leave behind, removed at start once the
 * folder's lock is held: temp files of backups (which `BACKUP_KEEP` would never count), of images,
 * their resized copies and social cards (which no listing shows, so nothing else would ever remove them) and of
 * the health probe and of the analytics' month files, and a probe file whose removal never ran. db.json's own temps are the store's.
 * Answers the names removed, relative to the data folder.
 */
export async function removeLeftovers(dataDir: string): Promise<string[]> {
  const mediaCache = path.join(dataDir, MEDIA_CACHE_FOLDER);
  const folders = [
    backupsDir(dataDir),
    path.join(dataDir, MEDIA_FOLDER),
    mediaCache,
    path.join(mediaCache, SOCIAL_CARDS_FOLDER),
    path.join(dataDir, ANALYTICS_FOLDER),
  ];
  const [inData, ...inFolders] = await Promise.all([
    removeStaleTemps(dataDir, { keep: [DB_FILE] }),
    ...folders.map((folder) => removeStaleTemps(folder)),
  ]);
  const probes = (await fs.readdir(dataDir)).filter((name) => {
    const pid = Number(HEALTH_PROBE_FILE.exec(name)?.[1] ?? NaN);
    return !Number.isNaN(pid) && (pid === process.pid || !isRunning(pid));
  });
  await Promise.all(probes.map((name) => fs.rm(path.join(dataDir, name), { force: true })));
  const inSubfolders = folders.flatMap((folder, i) =>
    inFolders[i]!.map((name) => path.join(path.relative(dataDir, folder), name)),
  );
  return [...inData, ...probes, ...inSubfolders];
}
