import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { BACKUP_MESSAGES, backupName, serializeBackup } from "~/server/backups/backup-file";
import { NotFoundError, ValidationError } from "~/server/http/errors";
import { describeImage } from "~/server/media/media-originals";
import type { SiteFiles } from "~/server/operations/site-files";
import type { Post, User } from "~/server/store/types";
import { retainedBackups } from "~/server/backups/backup-retention";
import { DEFAULT_SITE_CONTENT } from "~/shared/site-defaults";
import { makeImage } from "../helpers/images";

const USER: User = {
  ...{ id: 1, username: "ops", role: "admin", passwordHash: "scrypt$1$2$3$salt$hash" },
  createdAt: "2026-01-01T00:00:00.000Z",
};
import { expectRejection } from "./store-contract";

/**
 * What every SiteFiles answers alike, the data folder's and PostgreSQL's
 * (docs/decisions/044-postgres-media-and-backups.md): images by content-hash name, and backups
 * with the same names, order, pruning and messages.
 */
export function siteFilesContract(label: string, open: () => Promise<SiteFiles>) {
  const opened: SiteFiles[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((files) => files.close()));
  });
  const fresh = async () => {
    const files = await open();
    opened.push(files);
    return files;
  };

  async function anImage(width = 40) {
    const bytes = await makeImage(width, 20);
    const name = `${createHash("sha256").update(bytes).digest("hex")}.png`;
    return { bytes, image: describeImage(name, bytes, "2026-01-02T03:04:05.678Z") };
  }

  describe(`${label}: images`, () => {
    it("stores, lists, reads and serves an image by its name, once however often it is put", async () => {
      const { media } = await fresh();
      const { bytes, image } = await anImage();
      expect(await media.list()).toEqual([]);
      await media.put(image, bytes);
      await media.put(image, bytes);
      expect(await media.list()).toEqual([image]);
      expect(Buffer.compare(await media.read(image), bytes)).toBe(0);
      expect(Buffer.compare(await fs.readFile(await media.file(image)), bytes)).toBe(0);
    });

    it("removes an image and its bytes", async () => {
      const { media } = await fresh();
      const kept = await anImage(30);
      const gone = await anImage(31);
      await media.put(kept.image, kept.bytes);
      await media.put(gone.image, gone.bytes);
      await media.file(gone.image);
      await media.remove(gone.image);
      expect((await media.list()).map((i) => i.name)).toEqual([kept.image.name]);
      await expect(media.read(gone.image)).rejects.toMatchObject({ code: "ENOENT" });
    });
  });

  describe(`${label}: backups`, () => {
    /** A backup whose posts show the images `hashes` name. */
    const text = (at: Date, hashes: string[] = []) =>
      serializeBackup(hashes.map((h) => ({ coverImage: `/media/${h}.png` })) as Post[], at.toISOString());

    it("names a backup by its time, lists newest first and reads it back", async () => {
      const { backups } = await fresh();
      expect(await backups.list()).toEqual([]);
      expect(await backups.newest()).toBeUndefined();
      expect(await backups.newestTime()).toBeUndefined();
      const older = new Date("2026-03-01T10:00:00.000Z");
      const newer = new Date("2026-03-02T10:00:00.000Z");
      const first = await backups.add(text(older), older, 0, 20);
      const second = await backups.add(text(newer), newer, 0, 20);
      expect(first.name).toBe(backupName(older));
      expect(second.name).toBe(backupName(newer));
      const list = await backups.list();
      const holds = expect.objectContaining({ posts: 0, users: 0, messages: 0, site: 0 });
      expect(list).toEqual([
        { name: second.name, createdAt: newer.toISOString(), size: Buffer.byteLength(text(newer)), count: 0, holds },
        { name: first.name, createdAt: older.toISOString(), size: Buffer.byteLength(text(older)), count: 0, holds },
      ]);
      expect(await backups.newest()).toBe(second.name);
      expect(await backups.newestTime()).toEqual(expect.any(String));
      expect(await backups.read(first.name)).toBe(text(older));
    });

    it("gives two backups of one millisecond two names, and keeps only the newest `keep`", async () => {
      const { backups } = await fresh();
      const at = new Date("2026-04-01T00:00:00.000Z");
      const names = [];
      for (let i = 0; i < 4; i++) names.push((await backups.add(text(at), at, 0, 3)).name);
      expect(new Set(names).size).toBe(4);
      expect((await backups.list()).map((b) => b.name)).toEqual(names.slice(1).reverse());
    });

    it("lists what each backup holds, kind by kind", async () => {
      const { backups } = await fresh();
      const at = new Date("2026-04-02T00:00:00.000Z");
      const whole = serializeBackup(
        [],
        at.toISOString(),
        {},
        {
          site: DEFAULT_SITE_CONTENT,
          records: { users: [USER], messages: [], settings: { writersSeeInbox: true } },
        },
      );
      await backups.add(whole, at, 0, 20);
      const [listed] = await backups.list();
      expect(listed!.holds).toEqual({
        ...{ posts: 0, revisions: 0, redirects: 0, pages: 0, tags: 0, site: 1, media: 0 },
        ...{ users: 1, messages: 0, settings: 1, activity: 0, analytics: 0 },
      });
    });

    it("claims a schedule's slot once: a second claim of that slot, from any instance, stores nothing", async () => {
      const { backups } = await fresh();
      const slot = new Date("2026-06-01T00:00:00.000Z");
      const [first, second] = await Promise.all([
        backups.claim(text(slot), slot, 0, 20),
        backups.claim(text(slot), slot, 0, 20),
      ]);
      expect([first?.name, second?.name].filter(Boolean)).toEqual([backupName(slot)]);
      expect(await backups.claim(text(slot), slot, 0, 20)).toBeUndefined();
      expect((await backups.list()).map((b) => b.name)).toEqual([backupName(slot)]);
    });

    it("keeps the retention tiers beside the newest `keep`: a daily backup for 100 days leaves 7 days, 4 weeks, 6 months", async () => {
      const { backups } = await fresh();
      const names: string[] = [];
      for (let day = 0; day < 100; day++) {
        const at = new Date(Date.UTC(2026, 0, 1 + day, 3));
        names.unshift((await backups.add(text(at), at, 0, 2)).name);
      }
      const kept = (await backups.list()).map((b) => b.name);
      expect(kept).toEqual(names.filter((name) => retainedBackups(names, 2).has(name)));
      expect(kept.slice(0, 7)).toEqual(names.slice(0, 7));
      expect(kept.length).toBeLessThanOrEqual(7 + 4 + 6);
      expect(kept.at(-1)).toBe(backupName(new Date(Date.UTC(2026, 0, 31, 3)))); // January's last day
    });

    it("refuses a name that is not a backup's (400) and a missing one (404)", async () => {
      const { backups } = await fresh();
      await expectRejection(backups.read("../db.json"), ValidationError, BACKUP_MESSAGES.badName("../db.json"));
      const missing = backupName(new Date("2020-01-01T00:00:00.000Z"));
      await expectRejection(backups.read(missing), NotFoundError, BACKUP_MESSAGES.notFound(missing));
      await expectRejection(backups.download(missing), NotFoundError, BACKUP_MESSAGES.notFound(missing));
    });

    it("counts the backups that name each image", async () => {
      const { backups } = await fresh();
      const [a, b] = ["a".repeat(64), "b".repeat(64)];
      const at = new Date("2026-05-01T00:00:00.000Z");
      await backups.add(text(at, [a, b]), at, 0, 20);
      await backups.add(text(at, [a]), at, 0, 20);
      expect(await backups.mediaCounts()).toEqual(
        new Map([
          [a, 2],
          [b, 1],
        ]),
      );
    });
  });
}
