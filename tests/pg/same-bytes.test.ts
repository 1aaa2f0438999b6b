import request from "supertest";
import { describe, expect, it } from "vitest";
import type { SiteContent } from "~/shared/site-content";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTwoInstances } from "../helpers/two-instances";

/**
 * Behind a round-robin, every instance answers the same bytes and ETag for the same content,
 * the writer as well as the instances that read its change from the database
 * (docs/decisions/164-one-form-of-the-records-on-every-instance.md).
 */
const { twoInstances } = useTwoInstances();

/** The content with a headline, its keys set in another order than the defaults'. */
const edited = (content: SiteContent, headline: string): SiteContent => {
  const { hero, ...home } = content.home;
  return { links: content.links, industries: content.industries, home: { hero: { ...hero, headline }, ...home } };
};

describe("two instances after a write on one", () => {
  it("answer identical bytes and ETags for the site's pages and API, and list the Trash in one order", async () => {
    const [a, b] = await twoInstances();
    const { cookie } = await signedIn(a, "admin");
    const write = (req: request.Test) => req.set("Cookie", cookie).set("Sec-Fetch-Site", "same-origin");

    const { body: view } = await request(a.app).get("/api/admin/site").set("Cookie", cookie).expect(200);
    await write(request(a.app).put("/api/admin/site/draft"))
      .send(edited((view as { draft: SiteContent }).draft, "The same on every instance"))
      .expect(200);
    await write(request(a.app).post("/api/admin/site/publish")).expect(201);
    // Deleted in another order than their ids.
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await write(request(a.app).post("/api/cms/simple-create-post")).send(makePostInput()).expect(201);
      ids.push((res.body as { id: number }).id);
    }
    for (const id of [ids[2], ids[0], ids[1]])
      await write(request(a.app).post(`/api/cms/delete-post/${id}`)).expect(200);

    const trash = async (app: typeof a) =>
      (await request(app.app).get("/api/cms/trash").set("Cookie", cookie).expect(200)).text;
    await expect.poll(async () => JSON.parse(await trash(b)).length, { timeout: 2000, interval: 50 }).toBe(3);
    expect(await trash(b)).toBe(await trash(a));

    for (const url of [
      "/",
      "/industries/hospitality",
      "/industries",
      "/blog",
      "/api/public/site",
      "/api/public/blog/posts",
      "/api/blog/posts",
    ]) {
      const [onA, onB] = [await request(a.app).get(url), await request(b.app).get(url)];
      expect(onA.status, url).toBe(200);
      expect(onB.text, url).toBe(onA.text);
      expect(onB.headers.etag, url).toBe(onA.headers.etag);
    }
  }, 120_000);
});
