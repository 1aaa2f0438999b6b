import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BACKUP_MESSAGES, parseBackupText } from "~/server/backups/backup-file";
import { createBackupService } from "~/server/backups/backup-service";
import { backupDataFolder } from "~/server/backups/data-folder-backup";
import { CLI_MESSAGES } from "~/server/operations/cli-messages";
import { createMediaLibrary, MEDIA_FOLDER } from "~/server/media/media-library";
import { cli, closeStores, storeOf } from "../helpers/cli";
import { makePostInput } from "../helpers/factories";
import { makeImage } from "../helpers/images";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterEach(async () => {
  await closeStores();
  await removeTempDirs();
});

/** A folder with two uploads, a post showing both (cover and content) and a post showing none. */
async function folderWithImages() {
  const dataDir = makeTempDir("media-backup-");
  const store = await storeOf(dataDir, { seed: false });
  const media = createMediaLibrary(dataDir);
  const cover = await media.upload(await makeImage(64, 48, "image/jpeg"));
  const inline = await media.upload(await makeImage(32, 32, "image/png", 5));
  const unused = await media.upload(await makeImage(16, 16, "image/png", 9));
  const content = `<p>A picture of the line at noon, as promised in the last post.</p><img src="${inline.url}" alt="Noon">`;
  await store.createPost(makePostInput({ title: "With pictures", coverImage: cover.url, content }));
  await store.createPost(makePostInput({ title: "Without pictures" }));
  const bytesOf = (name: string) => fs.readFileSync(path.join(dataDir, MEDIA_FOLDER, name));
  return { dataDir, store, media, cover, inline, unused, bytesOf };
}

describe("backups keep the images", () => {
  it("carries exactly the images the posts show, inside the backup file", async () => {
    const { dataDir, cover, inline, bytesOf } = await folderWithImages();
    const { file } = await backupDataFolder(dataDir, 20);
    const saved = JSON.parse(fs.readFileSync(file, "utf8")) as { version: number; media: Record<string, string> };
    expect(saved.version).toBe(2);
    expect(Object.keys(saved.media).sort()).toEqual([cover.name, inline.name].sort());
    expect(Buffer.from(saved.media[cover.name]!, "base64").equals(bytesOf(cover.name))).toBe(true);
  });

  it(
    "restored into an empty folder from the command line, brings the images back byte for byte",
    { timeout: 60_000 },
    async () => {
      const { dataDir, cover, inline, unused, bytesOf } = await folderWithImages();
      const { file } = await backupDataFolder(dataDir, 20);
      const empty = makeTempDir("media-restore-");
      const run = await cli(["restore", file], { dataDir: empty });
      expect(run).toEqual({ code: 0, stdout: `${CLI_MESSAGES.restored(2, 0)}\n`, stderr: "" });
      for (const image of [cover, inline]) {
        expect(
          fs.readFileSync(path.join(empty, MEDIA_FOLDER, image.name)).equals(bytesOf(image.name)),
          image.name,
        ).toBe(true);
      }
      expect(fs.existsSync(path.join(empty, MEDIA_FOLDER, unused.name))).toBe(false);
    },
  );

  it("puts back images lost from the media folder when the server restores", async () => {
    const { dataDir, store, cover, bytesOf } = await folderWithImages();
    const original = bytesOf(cover.name);
    const backups = createBackupService({ store, dataDir, keep: 20, media: createMediaLibrary(dataDir) });
    const { file } = await backups.backup();
    fs.rmSync(path.join(dataDir, MEDIA_FOLDER), { recursive: true });
    const library = createMediaLibrary(dataDir);
    const restoring = createBackupService({ store, dataDir, keep: 20, media: library });
    expect(await restoring.restore({ file })).toMatchObject({ restored: 0, skipped: 2 });
    expect(fs.readFileSync(path.join(dataDir, MEDIA_FOLDER, cover.name)).equals(original)).toBe(true);
    expect((await library.byHash(cover.hash))?.width).toBe(64);
  });

  it("refuses a backup whose image does not match its name, whole", async () => {
    const { dataDir, cover } = await folderWithImages();
    const { file } = await backupDataFolder(dataDir, 20);
    const saved = JSON.parse(fs.readFileSync(file, "utf8")) as { media: Record<string, string> };
    saved.media[cover.name] = Buffer.from("not the picture").toString("base64");
    expect(() => parseBackupText(JSON.stringify(saved), "b.json")).toThrow(
      BACKUP_MESSAGES.badMedia("b.json", cover.name),
    );
  });

  it("still restores a version 1 backup, which has no images", async () => {
    const { dataDir, store } = await folderWithImages();
    const posts = await store.listPosts();
    const v1 = {
      format: "queuewise-posts-backup",
      version: 1,
      createdAt: "2030-01-01T00:00:00.000Z",
      count: posts.length,
      posts,
    };
    const other = makeTempDir("v1-");
    const target = await storeOf(other, { seed: false });
    const service = createBackupService({ store: target, dataDir: other, keep: 20, media: createMediaLibrary(other) });
    expect(await service.restore(v1)).toMatchObject({ restored: 2, skipped: 0 });
    expect(dataDir).not.toBe(other);
  });
});
