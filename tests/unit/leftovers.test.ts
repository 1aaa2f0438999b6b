import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { loadConfig } from "~/server/config";
import { openSite } from "~/server/operations/open-site";
import { makeTempDir, removeTempDirs } from "../helpers/temp-dir";

afterEach(removeTempDirs);

it("removes temp files of interrupted writes at start, in the data folder, backups/, media/ and media-cache/, but not a live writer's", async () => {
  const dataDir = makeTempDir("leftovers-");
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SESSION_SECRET: "a-session-secret-of-at-least-32-characters",
  });
  await (await openSite(config, { seed: false })).store.close();

  const dead = spawnSync("true").pid; // exited: its temp files can have no writer
  const live = spawn("sleep", ["30"]); // a CLI taking a backup beside the server, say
  try {
    const backups = path.join(dataDir, "backups");
    fs.mkdirSync(backups);
    const media = path.join(dataDir, "media");
    const mediaCache = path.join(dataDir, "media-cache");
    fs.mkdirSync(media);
    fs.mkdirSync(path.join(mediaCache, "social-cards"), { recursive: true });
    const files = {
      deadBackup: path.join(backups, `.posts-2026-01-01T00-00-00.000Z.json.${dead}.1.tmp`),
      ownPidBackup: path.join(backups, `.posts-2026-01-02T00-00-00.000Z.json.${process.pid}.7.tmp`),
      liveBackup: path.join(backups, `.posts-2026-01-03T00-00-00.000Z.json.${live.pid}.1.tmp`),
      realBackup: path.join(backups, "posts-2026-01-01T00-00-00.000Z.json"),
      deadImage: path.join(media, `.${"a".repeat(64)}.png.${dead}.1.tmp`),
      liveImage: path.join(media, `.${"b".repeat(64)}.png.${live.pid}.1.tmp`),
      deadCopy: path.join(mediaCache, `.${"a".repeat(64)}-320w.webp.${dead}.3.tmp`),
      deadCard: path.join(mediaCache, "social-cards", `.posts-1-${"c".repeat(64)}.png.${dead}.4.tmp`),
      probe: path.join(dataDir, `.health-probe-${dead}-3`),
      probeTemp: path.join(dataDir, `..health-probe-${dead}-4.${dead}.9.tmp`),
      secretTemp: path.join(dataDir, `.session-secret.${dead}.2.tmp`),
      dbTemp: path.join(dataDir, `.db.json.${dead}.5.tmp`),
      unrelated: path.join(dataDir, "notes.tmp"),
    };
    for (const file of Object.values(files)) fs.writeFileSync(file, "x");

    await (await openSite(config, { seed: false })).store.close();

    const left = (file: string) => fs.existsSync(file);
    expect(Object.fromEntries(Object.entries(files).map(([name, file]) => [name, left(file)]))).toEqual({
      deadBackup: false,
      ownPidBackup: false,
      liveBackup: true,
      realBackup: true,
      deadImage: false,
      liveImage: true,
      deadCopy: false,
      deadCard: false,
      probe: false,
      probeTemp: false,
      secretTemp: false,
      dbTemp: false,
      unrelated: true,
    });
  } finally {
    live.kill();
  }
});
