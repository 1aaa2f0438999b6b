import fs from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { DEFAULT_UPLOAD_LIMITS, MEDIA_MESSAGES } from "~/shared/media";
import { MEDIA_FOLDER } from "~/server/media/media-library";
import { makePostInput } from "../helpers/factories";
import { makeImage } from "../helpers/images";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/**
 * What one signed-in user may put on the server's disk, and what happens to uploads nothing uses
 * (docs/decisions/150-upload-limits-and-unused-images.md).
 */
/** Each test makes an app of its own (settings differ), which takes seconds on a busy machine. */
let apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
});
const app = async (env: Record<string, string> = {}) => {
  const t = await makeTestApp({ env });
  apps.push(t);
  return t;
};

let seed = 0;
const upload = async (t: TestApp, cookie: string, width = 24) =>
  request(t.app)
    .post("/api/cms/uploads")
    .set("Cookie", cookie)
    .attach("file", await makeImage(width, 16, "image/png", ++seed), { filename: `picture-${seed}.png` });

const stored = (t: TestApp) => {
  const dir = path.join(t.dataDir, MEDIA_FOLDER);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe("upload limits", () => {
  it("a contributor's flood of different images: the default rate takes the first ones, then 429 with the reason", async () => {
    const t = await app();
    const { cookie } = await signedIn(t, "contributor");
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await upload(t, cookie));
    const limit = DEFAULT_UPLOAD_LIMITS.perMinute;
    expect(answers.slice(0, limit).map((r) => r.status)).toEqual(Array(limit).fill(201));
    for (const refused of answers.slice(limit)) {
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(MEDIA_MESSAGES.tooManyUploads(limit));
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(stored(t)).toHaveLength(limit);
    // Counted per person: another writer still uploads.
    expect((await upload(t, (await signedIn(t, "writer")).cookie)).status).toBe(201);
  }, 60_000);

  it("counts each user's bytes a day against UPLOAD_QUOTA_BYTES; a refused upload spends none", async () => {
    const first = await makeImage(24, 16, "image/png", 1000);
    expect(first.length).toBeLessThan(1024); // each counts as 1 KiB, the quota's unit
    const quota = 2048;
    const t = await app({ UPLOAD_QUOTA_BYTES: String(quota) });
    const { cookie } = await signedIn(t, "writer");
    const send = (bytes: Buffer) =>
      request(t.app).post("/api/cms/uploads").set("Cookie", cookie).attach("file", bytes, { filename: "p.png" });
    await send(Buffer.from("not an image")).expect(415);
    await send(first).expect(201);
    await send(await makeImage(24, 16, "image/png", 1001)).expect(201);
    const refused = await send(await makeImage(24, 16, "image/png", 1002));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MEDIA_MESSAGES.uploadQuota(quota));
    expect(stored(t)).toHaveLength(2);
  }, 60_000);

  it("refuses an upload with 507 and the reason when the disk would drop below the reserve (MIN_FREE_BYTES)", async () => {
    const t = await app({ MIN_FREE_BYTES: String(2 ** 52) });
    const { cookie } = await signedIn(t, "writer");
    const refused = await upload(t, cookie);
    expect(refused.status).toBe(507);
    expect(refused.body.message).toBe(MEDIA_MESSAGES.diskTooFull);
    expect(stored(t)).toEqual([]);
  }, 60_000);
});

describe("unused uploads", () => {
  it("removes those older than a day that nothing uses, at start and every hour, each listed in the activity log", async () => {
    const t = await app();
    const { cookie } = await signedIn(t, "writer");
    const urls: string[] = [];
    for (let i = 0; i < 5; i++) urls.push((await upload(t, cookie)).body.url as string);
    const [cover, inContent, inSite, inTrash, unused] = urls as [string, string, string, string, string];
    await t.store.createPost(makePostInput({ coverImage: cover }));
    await t.store.createPost(makePostInput({ content: `<p><img src="${inContent}"></p>` }));
    const trashed = await t.store.createPost(makePostInput({ content: `<p><img src="${inTrash}"></p>` }));
    await t.store.deletePost(trashed.id);
    const { draft } = await t.store.getSite();
    const about = draft.home.about;
    await t.store.saveSiteDraft({
      ...draft,
      home: {
        ...draft.home,
        about: { ...about, productButton: { ...about.productButton, url: `https://example.com${inSite}` } },
      },
    });

    // Still within its day: kept.
    expect(await t.app.mediaAdmin.removeUnused(new Date(Date.now() - 24 * 60 * 60 * 1000))).toEqual([]);

    // A day on, as the hourly sweep sees it at a fresh start on the folder: only the unused one goes.
    const name = (url: string) => url.split("/").pop()!;
    const day = new Date(Math.floor(Date.now() / 1000 - 2 * 24 * 60 * 60) * 1000);
    const bytes = fs.statSync(path.join(t.dataDir, MEDIA_FOLDER, name(unused))).size;
    for (const url of urls) fs.utimesSync(path.join(t.dataDir, MEDIA_FOLDER, name(url)), day, day);
    await t.release();
    apps = [];
    const again = await makeTestApp({ dataDir: t.dataDir });
    apps.push(again);
    await expect.poll(() => stored(again).sort()).toEqual(urls.slice(0, 4).map(name).sort());
    await request(again.app).get(unused).expect(404);
    const entries = (await again.activity.entries()).filter((e) => e.kind === "image-removed");
    expect(entries.map((e) => e.what)).toEqual([ACTIVITY_MESSAGES.unusedImage(name(unused), bytes, day.toISOString())]);
  }, 60_000);
});
