import request from "supertest";
import { describe, expect, it } from "vitest";
import type { SearchAnswer } from "~/shared/search";
import { makePageInput, makePostInput } from "../helpers/factories";
import { useTwoInstances } from "../helpers/two-instances";

/**
 * The public search on PostgreSQL (docs/architecture.md, "Search"): each instance keeps its own
 * index current from the change notices every instance hears, so a post published on A is found
 * on B within a second, and unpublishing it on A removes it from B's results; a page as a post.
 */
const { twoInstances } = useTwoInstances();

describe("search on two instances", () => {
  it("finds on B within a second a post published on A, and loses it when A unpublishes it", async () => {
    const [a, b] = await twoInstances();
    const urlsOnB = async () =>
      ((await request(b.app).get("/api/public/search?q=albatross").expect(200)).body as SearchAnswer).results.map(
        (r) => r.url,
      );
    const draft = await a.store.createPost(makePostInput({ title: "Albatross landing lanes", published: false }));
    expect(await urlsOnB()).toEqual([]);

    await a.store.updatePost(draft.id, { published: true });
    await expect.poll(urlsOnB, { timeout: 1000, interval: 20 }).toEqual([`/blog/${draft.slug}`]);
    const page = await request(b.app).get("/search?q=albatros").expect(200);
    expect(page.text).toContain(`href="/blog/${draft.slug}"`);

    await a.store.updatePost(draft.id, { published: false });
    await expect.poll(urlsOnB, { timeout: 1000, interval: 20 }).toEqual([]);
  });

  it("finds on B within a second a page published on A, and loses it when A unpublishes it", async () => {
    const [a, b] = await twoInstances();
    const urlsOnB = async () =>
      ((await request(b.app).get("/api/public/search?q=cormorant").expect(200)).body as SearchAnswer).results.map(
        (r) => r.url,
      );
    const page = await a.store.createPage(makePageInput({ title: "Cormorant docking times", path: "/cormorant" }));
    expect(await urlsOnB()).toEqual([]);

    await a.store.updatePage(page.id, { published: true });
    await expect.poll(urlsOnB, { timeout: 1000, interval: 20 }).toEqual(["/cormorant"]);

    await a.store.updatePage(page.id, { published: false });
    await expect.poll(urlsOnB, { timeout: 1000, interval: 20 }).toEqual([]);
  });
});
