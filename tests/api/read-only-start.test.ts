import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { loadConfig } from "~/server/config";
import { openSite } from "~/server/operations/open-site";
import { LOCK_FILE } from "~/server/store/data-lock";
import { openJsonStore } from "~/server/store/json-store";
import { READ_ONLY_MESSAGES } from "~/server/store/read-only-start";
import { STORAGE_MESSAGES } from "~/server/store/storage-errors";
import { fillDisk, useTmpfs } from "../helpers/disk-full";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { makePostInput } from "../helpers/factories";
import { makeImage } from "../helpers/images";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp } from "../helpers/test-app";

/**
 * A restart during a disk incident (docs/decisions/083-read-only-start.md), on a real file
 * system: the data folder on a small tmpfs, remounted read-only or filled. Mounting needs root
 * (and a kernel that lets this container mount); without it the test is skipped and says why.
 */
const disk = useTmpfs("read-only-");

const remount = (mode: "ro" | "rw") => execFileSync("mount", ["-o", `remount,${mode}`, disk.mountPoint!]);

let warnings: string[] = [];
beforeEach(() => {
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.join(" ")));
});
afterEach(() => {
  vi.mocked(console.warn).mockRestore();
  if (disk.mountPoint) remount("rw");
});

/** A site that ran on the folder: one post, and an admin whose session survives the restart. */
async function siteThatRan(dataDir: string) {
  const site = await openSite(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir }), { seed: false });
  const post = await site.store.createPost(makePostInput());
  const { cookie } = await signedIn(site);
  await site.close();
  return { post, cookie };
}

it("starts read-only on a read-only disk: pages and reading served, saves and health 503, back when it is writable", async (ctx) => {
  if (!disk.mountPoint) {
    console.log(`Skipped the read-only start test: ${disk.skipReason}.`);
    ctx.skip(disk.skipReason);
  }
  const dataDir = path.join(disk.mountPoint!, "data");
  const { post, cookie } = await siteThatRan(dataDir);
  remount("ro");

  const t = await makeTestApp({ dataDir, env: { MIN_FREE_BYTES: String(1024 * 1024) } });
  try {
    expect(warnings).toContain(READ_ONLY_MESSAGES.started(STORAGE_MESSAGES.EROFS)); // beside Vite's own warnings when this file compiles the pages
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false); // it holds no lock, so it writes nothing
    await request(t.app).get(`/blog/${post.slug}`).expect(200);
    expect((await request(t.app).get("/api/public/blog/posts").expect(200)).body).toHaveLength(1);
    const listed = await request(t.app).get("/api/cms/posts").set("Cookie", cookie).expect(200);
    expect(JSON.stringify(listed.body)).toContain(post.slug);

    const create = () => request(t.app).post("/api/cms/simple-create-post").set("Cookie", cookie).send(makePostInput());
    const refused = await create().expect(503);
    expect(refused.body.message).toBe(STORAGE_MESSAGES.EROFS);
    const sick = await request(t.app).get("/api/public/health/database").set("Cookie", cookie).expect(503);
    expect(sick.body).toMatchObject({ databaseConnected: false, error: STORAGE_MESSAGES.EROFS });

    remount("rw");
    await create().expect(201);
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8")).toContain(`"pid":${process.pid}`);
    const well = await request(t.app).get("/api/public/health/database").set("Cookie", cookie).expect(200);
    expect(well.body).toMatchObject({ databaseConnected: true, lastWriteError: null });
    expect(await t.store.listPosts()).toHaveLength(2);
  } finally {
    remount("rw"); // so that a failure above is reported, not the close's EROFS
    await t.close();
  }
});

it("starts read-only on a full disk: saves 507 with the reason, and back once space is freed", async (ctx) => {
  if (!disk.mountPoint) ctx.skip(disk.skipReason);
  const dataDir = path.join(disk.mountPoint!, "full");
  const { cookie } = await siteThatRan(dataDir);
  const filler = fillDisk(dataDir);

  const t = await makeTestApp({ dataDir, env: { MIN_FREE_BYTES: String(1024 * 1024) } });
  try {
    expect(warnings).toContain(READ_ONLY_MESSAGES.started(STORAGE_MESSAGES.ENOSPC));
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const create = () => request(t.app).post("/api/cms/simple-create-post").set("Cookie", cookie).send(makePostInput());
    expect((await create().expect(507)).body.message).toBe(STORAGE_MESSAGES.ENOSPC);
    const sick = await request(t.app).get("/api/public/health/database").set("Cookie", cookie).expect(503);
    expect(sick.body.error).toBe(STORAGE_MESSAGES.ENOSPC);

    fs.rmSync(filler);
    await create().expect(201);
    expect(await t.store.listPosts()).toHaveLength(2);
  } finally {
    await t.close();
  }
});

it("two stores started read-only on one folder: once writable, the first save takes the lock and the other stays read-only", async (ctx) => {
  if (!disk.mountPoint) ctx.skip(disk.skipReason);
  const dataDir = path.join(disk.mountPoint!, "two");
  await siteThatRan(dataDir);
  remount("ro");
  const [first, second] = [await openJsonStore(dataDir), await openJsonStore(dataDir)];
  try {
    remount("rw");
    await first.createPost(makePostInput());
    expectConsoleError(/lock could not be taken/);
    await expect(second.createPost(makePostInput())).rejects.toMatchObject({
      status: 503,
      message: READ_ONLY_MESSAGES.heldElsewhere,
    });
    expect(second.lastWrite().error?.message).toBe(READ_ONLY_MESSAGES.heldElsewhere);
    expect(await first.listPosts()).toHaveLength(2);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});

it("answers the first image upload on a read-only folder with 503 and the reason, as every later one", async (ctx) => {
  if (!disk.mountPoint) ctx.skip(disk.skipReason);
  const dataDir = path.join(disk.mountPoint!, "images");
  const { cookie } = await siteThatRan(dataDir); // it never stored an image, so media/ does not exist yet
  remount("ro");
  const t = await makeTestApp({ dataDir, env: { MIN_FREE_BYTES: String(1024 * 1024) } });
  try {
    const png = await makeImage(40, 30);
    for (const attempt of [1, 2]) {
      const refused = await request(t.app)
        .post("/api/cms/uploads")
        .set("Cookie", cookie)
        .attach("file", png, { filename: `photo-${attempt}.png` });
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe(STORAGE_MESSAGES.EROFS);
      expectConsoleError(/EROFS/);
    }
  } finally {
    remount("rw");
    await t.close();
  }
});
