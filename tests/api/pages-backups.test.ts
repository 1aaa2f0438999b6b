import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyBackupInto } from "../helpers/backups";
import { makePageInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { makeTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await makeTestApp();
  admin = (await signedIn(t)).cookie;
});
afterEach(() => t.close());

describe("pages in a backup", () => {
  it("a backup holds the pages with their revisions and old paths, and a restore of pages brings them back", async () => {
    const made = (
      await request(t.app)
        .post("/api/cms/pages")
        .set("Cookie", admin)
        .send(makePageInput({ path: "/pricing" }))
    ).body;
    await request(t.app).post(`/api/cms/pages/${made.id}/publish`).set("Cookie", admin).expect(200);
    await request(t.app).put(`/api/cms/pages/${made.id}`).set("Cookie", admin).send({ path: "/plans" }).expect(200);
    const { file } = (await request(t.app).post("/api/debug/backup-posts").set("Cookie", admin).expect(200)).body;
    const text = (await request(t.app).get(`/api/debug/backups/${file}`).set("Cookie", admin).expect(200)).text;
    const backup = JSON.parse(text);
    // The home page of blocks, made on the site's first start, and the page made here.
    expect(backup.holds.pages).toBe(2);
    expect(backup.pages.find((p: { id: number }) => p.id === made.id)).toMatchObject({
      path: "/plans",
      blocks: made.blocks,
    });
    expect(backup.pageRedirects).toEqual([{ from: "/pricing", to: made.id }]);

    const empty = await makeTestApp();
    try {
      const boot = await signedIn(empty);
      copyBackupInto(empty.dataDir, file, text);
      const preview = await request(empty.app)
        .post(`/api/debug/backups/${file}/preview`)
        .set("Cookie", boot.cookie)
        .send({ kinds: ["pages"] })
        .expect(200);
      // The home page: the empty site made its own, as the backup's, on its first start.
      expect(preview.body.kinds.pages).toEqual({ added: 1, replaced: 0, unchanged: 1 });
      const res = await request(empty.app)
        .post(`/api/debug/backups/${file}/restore`)
        .set("Cookie", boot.cookie)
        .send({ kinds: ["pages"] })
        .expect(200);
      expect(res.body.kinds.pages).toEqual({ added: 1, replaced: 0, unchanged: 1 });
      const page = await request(empty.app).get("/plans").expect(200);
      expect(page.text).toContain("Plans for every queue");
      expect((await request(empty.app).get("/pricing").expect(301)).headers.location).toBe("/plans");
      const revisions = await request(empty.app).get(`/api/cms/pages/${made.id}/revisions`).set("Cookie", boot.cookie);
      expect(revisions.body[0]).toMatchObject({ origin: "backup" });
      expect(revisions.body.length).toBeGreaterThan(1);
    } finally {
      await empty.close();
    }
  });
});
