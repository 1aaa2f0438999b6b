import request from "supertest";
import { describe, expect, it } from "vitest";
import { imageSize } from "image-size";
import { BACKUP_MESSAGES, backupName } from "~/server/backups/backup-file";
import { slotOf } from "~/server/backups/backup-scheduler";
import { BACKUP_SERVICE_MESSAGES } from "~/server/backups/backup-service";
import { makePostInput } from "../helpers/factories";
import { makeImage } from "../helpers/images";
import { signedIn } from "../helpers/sign-in";
import type { TestApp } from "../helpers/test-app";
import { useTwoInstances } from "../helpers/two-instances";

/**
 * Images and backups on two instances of one database (docs/decisions/044-postgres-media-and-backups.md):
 * whatever one stores, the other serves, lists and restores; what one deletes is gone on both.
 */
const { twoInstances, instances } = useTwoInstances();

const sameOrigin = { "Sec-Fetch-Site": "same-origin" };

/** The address of an uploaded PNG's 480-pixel-wide copy. */
const copy480Url = (url: string) => url.replace(/\.png$/, "-480w.png");

describe("two instances: images", () => {
  it("serves on B an image uploaded on A, and its resized copy; a deletion on A is a 404 on both", async () => {
    const [a, b] = await twoInstances();
    const { cookie } = await signedIn(a);
    const png = await makeImage(1200, 600);
    const uploaded = await request(a.app)
      .post("/api/cms/uploads")
      .set("Cookie", cookie)
      .attach("file", png, "wide.png");
    expect(uploaded.status).toBe(201);
    const { url, name } = uploaded.body as { url: string; name?: string };

    // A makes its copies after answering the upload; asking for one waits for them.
    await request(a.app).get(copy480Url(url)).expect(200);
    const original = await request(b.app).get(url).buffer(true).expect(200);
    expect(Buffer.compare(original.body as Buffer, png)).toBe(0);
    const copy = await request(b.app).get(copy480Url(url)).buffer(true).expect(200);
    expect(imageSize(copy.body as Buffer)).toMatchObject({ width: 480, height: 240 });
    const listed = await request(b.app).get("/api/cms/media").set("Cookie", cookie).expect(200);
    expect(listed.body.media.map((m: { url: string }) => m.url)).toEqual([url]);

    const file = name ?? url.split("/").pop()!;
    await request(a.app).delete(`/api/cms/media/${file}`).set("Cookie", cookie).set(sameOrigin).expect(200);
    await expect.poll(async () => (await request(b.app).get(url)).status).toBe(404);
    expect((await request(b.app).get(copy480Url(url))).status).toBe(404);
    expect((await request(a.app).get(url)).status).toBe(404);
    expect((await request(b.app).get("/api/cms/media").set("Cookie", cookie)).body.media).toEqual([]);
  });

  it("shows on B's pages the size and copies of an image uploaded on A", async () => {
    const [a, b] = await twoInstances();
    const { cookie } = await signedIn(a);
    const png = await makeImage(1000, 500);
    const { url } = (await request(a.app).post("/api/cms/uploads").set("Cookie", cookie).attach("file", png, "c.png"))
      .body as { url: string };
    const input = makePostInput({ content: `<p>Look:</p><p><img src="${url}" alt="A chart"></p>` });
    await request(a.app)
      .post("/api/cms/simple-create-post")
      .set("Cookie", cookie)
      .set(sameOrigin)
      .send(input)
      .expect(201);
    await expect.poll(async () => (await request(b.app).get(`/blog/${input.slug}`)).status).toBe(200);
    const page = await request(b.app).get(`/blog/${input.slug}`);
    expect(page.text).toContain(`${copy480Url(url)} 480w`);
    expect(page.text).toMatch(/width="1000"/);
    await request(a.app).get(copy480Url(url)).expect(200); // A's copies, made after the upload
  });
});

describe("two instances: backups", () => {
  it("lists, downloads and restores on B a backup taken on A", async () => {
    const [a, b] = await twoInstances();
    const { cookie } = await signedIn(a);
    const admin = (req: request.Test) => req.set("Cookie", cookie).set(sameOrigin);
    const input = makePostInput({ title: "Kept in the database" });
    const post = await admin(request(a.app).post("/api/cms/simple-create-post")).send(input).expect(201);

    const none = await admin(request(b.app).post("/api/debug/restore-posts")).expect(400);
    expect(none.body.message).toBe(BACKUP_SERVICE_MESSAGES.noBackups);

    const taken = await admin(request(a.app).post("/api/debug/backup-posts")).expect(200);
    const name = taken.body.file as string;
    const onB = await admin(request(b.app).get("/api/debug/backups")).expect(200);
    expect(onB.body.backups).toEqual([expect.objectContaining({ name, count: 1 })]);
    const onA = await admin(request(a.app).get("/api/debug/backups")).expect(200);
    expect(onA.body.backups).toEqual(onB.body.backups);

    // Uncompressed, so its length is the file's, as the list reports it.
    const download = await admin(request(b.app).get(`/api/debug/backups/${name}`))
      .set("Accept-Encoding", "identity")
      .buffer(true)
      .expect(200);
    expect(download.headers["content-disposition"]).toBe(`attachment; filename=${name}`);
    expect(download.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(download.text).posts).toEqual([expect.objectContaining({ id: post.body.id })]);
    expect(Number(download.headers["content-length"])).toBe(onB.body.backups[0].size);

    await admin(request(a.app).delete(`/api/debug/delete-post/${post.body.id}`)).expect(200);
    const restored = await admin(request(b.app).post("/api/debug/restore-posts")).send({ file: name }).expect(200);
    expect(restored.body.message).toBe(BACKUP_SERVICE_MESSAGES.restored(1, 0));
    await expect.poll(async () => (await request(a.app).get(`/blog/${input.slug}`)).status).toBe(200);

    const missing = name.replace(/\d{3}Z/, "999Z");
    const notFound = await admin(request(b.app).get(`/api/debug/backups/${missing}`)).expect(404);
    expect(notFound.body.message).toBe(BACKUP_MESSAGES.notFound(missing));
    const badName = await admin(request(b.app).post("/api/debug/restore-posts"))
      .send({ file: "../db.json" })
      .expect(400);
    expect(badName.body.message).toBe(BACKUP_MESSAGES.badName("../db.json"));
  });
});

describe("two instances: scheduled backups", () => {
  it("take each slot's whole-site backup once, whichever instance checks first, and both list it", async () => {
    const [a, b] = (await instances(2, { BACKUP_SCHEDULE: "daily" })).apps as [TestApp, TestApp];
    const { cookie } = await signedIn(a);
    await request(a.app).post("/api/contact").send({ name: "Ada", email: "ada@example.com", message: "Hi" });
    const now = new Date();
    // Both at once, then each again: one backup for the slot.
    await Promise.all([a.app.backupScheduler.check(now), b.app.backupScheduler.check(now)]);
    await a.app.backupScheduler.check(now);
    await b.app.backupScheduler.check(now);
    const listed = (await request(b.app).get("/api/debug/backups").set("Cookie", cookie).expect(200)).body.backups as {
      name: string;
      holds: Record<string, number>;
    }[];
    expect(listed.map((backup) => backup.name)).toEqual([backupName(slotOf("daily", now))]);
    expect(listed[0]!.holds).toMatchObject({ users: 1, messages: 1 });
    const health = [a, b].map((app) => app.app.backupScheduler.health());
    expect(health.map((h) => h.failure)).toEqual([null, null]);
    expect(health.filter((h) => h.lastScheduledAt !== null)).toHaveLength(1);

    // B restores, by kind, the inbox the schedule backed up on A.
    await request(a.app).delete("/api/admin/messages/1").set("Cookie", cookie).set(sameOrigin).expect(200);
    // B previews once it has heard of A's deletion: another instance's write reaches it a moment later.
    await expect.poll(async () => (await b.store.listMessages()).length).toBe(0);
    const preview = await request(b.app)
      .post(`/api/debug/backups/${listed[0]!.name}/preview`)
      .set("Cookie", cookie)
      .send({ kinds: ["messages"] })
      .expect(200);
    expect(preview.body.kinds).toEqual({ messages: { added: 1, replaced: 0, unchanged: 0 } });
    await request(b.app)
      .post(`/api/debug/backups/${listed[0]!.name}/restore`)
      .set("Cookie", cookie)
      .send({ kinds: ["messages"] })
      .expect(200);
    await expect.poll(async () => (await a.store.listMessages()).map((m) => m.email)).toEqual(["ada@example.com"]);
  });
});
