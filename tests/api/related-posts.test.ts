import { describe, expect, it } from "vitest";
import { createBlogService } from "~/server/posts/blog";
import { makePostInput } from "../helpers/factories";
import { useTestApp } from "../helpers/test-app";

/**
 * A post's related posts are worked out once per write and kept (docs/decisions/050-uncached-rendering.md):
 * every post or tag write must show in the next answer, never a list from before it.
 */
const t = useTestApp();

const slugs = (cards: { slug: string }[]) => cards.map((c) => c.slug);

describe("related posts between writes", () => {
  it("follows creates, unpublishing, deletes and tag renames", async () => {
    const blog = createBlogService(t.store);
    const post = await t.store.createPost(makePostInput({ tags: ["Retail"] }));
    const older = await t.store.createPost(makePostInput({ tags: ["Retail"] }));
    expect(slugs(await blog.listRelated(post))).toEqual([older.slug]);
    expect(slugs(await blog.listRelated(post))).toEqual([older.slug]); // kept, the same answer

    const newer = await t.store.createPost(makePostInput({ tags: ["Retail"] }));
    expect(slugs(await blog.listRelated(post))).toEqual([newer.slug, older.slug]);

    await t.store.updatePost(newer.id, { published: false });
    expect(slugs(await blog.listRelated(post))).toEqual([older.slug]);

    await t.store.deletePost(older.id);
    expect(await blog.listRelated(post)).toEqual([]);
  });

  it("a tag renamed on the other post shows its new name on the card", async () => {
    const blog = createBlogService(t.store);
    const post = await t.store.createPost(makePostInput({ tags: ["Retail"] }));
    await t.store.createPost(makePostInput({ tags: ["Retail", "Airports"] }));
    expect((await blog.listRelated(post))[0]!.tags.map((tag) => tag.name)).toEqual(["Retail", "Airports"]);
    const airports = (await t.store.listTags()).find((tag) => tag.name === "Airports")!;
    await t.store.renameTag(airports.id, { name: "Air travel", slug: "air-travel" });
    expect((await blog.listRelated(post))[0]!.tags.map((tag) => tag.name)).toEqual(["Retail", "Air travel"]);
  });
});
