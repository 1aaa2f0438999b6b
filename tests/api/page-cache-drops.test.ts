import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import type { Post, Tag } from "~/server/store/types";
import { BLOG_PAGE_SIZE } from "~/shared/blog";
import { WORDS_PER_MINUTE } from "~/shared/reading-time";
import { makePostInput } from "../helpers/factories";
import { useTestApp } from "../helpers/test-app";

/**
 * docs/decisions/069-pages-say-what-they-show.md: a write drops only the kept pages that show what
 * it touched. Each test keeps every public page of a small blog, makes one kind of write and lists
 * the pages that are no longer kept: exactly those that show the change, and never one that does not.
 *
 * The blog: `alpha` (tag Alpha), `both` (Alpha and Beta), `gamma` (Gamma), a `draft` (Delta) and
 * enough untagged posts for a second list page.
 */
const t = useTestApp();
let posts: Record<"alpha" | "both" | "gamma" | "draft", Post>;
let tags: Record<string, Tag>;

beforeEach(async () => {
  const make = (slug: string, tagNames: string[], published = true) =>
    t.store.createPost(makePostInput({ slug, title: `The ${slug} post`, tags: tagNames, published }));
  for (let i = 0; i < BLOG_PAGE_SIZE; i++) await make(`filler-${i}`, []);
  posts = {
    alpha: await make("alpha", ["Alpha"]),
    both: await make("both", ["Alpha", "Beta"]),
    gamma: await make("gamma", ["Gamma"]),
    draft: await make("draft", ["Delta"], false),
  };
  tags = Object.fromEntries((await t.store.listTags()).map((tag) => [tag.slug, tag]));
});

/** The lists of published posts: each shows every published post, or its place among them. */
const LISTS = [
  "/blog",
  "/blog?page=2",
  "/rss.xml",
  "/sitemap.xml",
  "/api/public/blog/posts",
  "/api/public/blog/posts?page=1&pageSize=2",
  "/api/blog/posts",
  "/api/blog/tags",
];

/** Every public page the cache may keep, with the draft's slug as the 404 it is to the public. */
const PUBLIC = [
  "/",
  "/industries",
  "/industries/healthcare",
  "/robots.txt",
  ...LISTS,
  "/blog?tag=alpha",
  "/blog?tag=beta",
  "/blog?tag=gamma",
  "/blog/alpha",
  "/blog/both",
  "/blog/gamma",
  "/blog/draft",
  "/api/public/blog/posts/alpha",
  "/api/public/blog/posts/gamma",
  "/api/public/blog/posts/draft",
];

const cacheOf = async (path: string) => (await request(t.app).get(path)).headers["x-cache"];

/** Keeps every public page, makes the write, and answers the pages it dropped. */
async function droppedBy(write: () => Promise<unknown>): Promise<string[]> {
  for (const path of PUBLIC) await request(t.app).get(path);
  for (const path of PUBLIC) expect(await cacheOf(path), path).toBe("HIT");
  await write();
  const dropped: string[] = [];
  for (const path of PUBLIC) if ((await cacheOf(path)) !== "HIT") dropped.push(path);
  return dropped;
}

describe("a write drops only the pages that show what it touched", () => {
  it("saving a draft, new or edited, leaves every kept public page in the cache", async () => {
    expect(await droppedBy(() => t.store.createPost(makePostInput({ published: false, tags: ["Alpha"] })))).toEqual([]);
    expect(await droppedBy(() => t.store.updatePost(posts.draft.id, { title: "A draft edited again" }))).toEqual([]);
  });

  it("publishing a draft: the lists, its 404s at its slug, and no other post's page", async () => {
    const dropped = await droppedBy(() => t.store.updatePost(posts.draft.id, { published: true }));
    expect(dropped.sort()).toEqual([...LISTS, "/blog/draft", "/api/public/blog/posts/draft"].sort());
  });

  it("editing a published post in place: its page, the list, tag and post pages showing it, the feeds and API lists", async () => {
    const FIRST_PAGE_LISTS = LISTS.filter((path) => path !== "/blog?page=2"); // page 2 shows only fillers
    const gamma = await droppedBy(() => t.store.updatePost(posts.gamma.id, { title: "Gamma, edited" }));
    expect(gamma.sort()).toEqual(
      [...FIRST_PAGE_LISTS, "/blog?tag=gamma", "/blog/gamma", "/api/public/blog/posts/gamma"].sort(),
    );
    // `both` shows `alpha` among its related posts; Beta's list does not show `alpha`.
    const alpha = await droppedBy(() => t.store.updatePost(posts.alpha.id, { title: "Alpha, edited" }));
    expect(alpha.sort()).toEqual(
      [...FIRST_PAGE_LISTS, "/blog?tag=alpha", "/blog/alpha", "/blog/both", "/api/public/blog/posts/alpha"].sort(),
    );
    // The oldest post, on the second list page only: the first stays, with the pages of every other post.
    const oldest = (await t.store.listPosts()).at(-1)!;
    const filler = await droppedBy(() => t.store.updatePost(oldest.id, { summary: "Edited at last." }));
    expect(filler.sort()).toEqual(LISTS.filter((path) => path !== "/blog").sort());
  });

  it("saving only a published post's content: its page, the feeds and API lists, and no page showing its card", async () => {
    // `both` shows `alpha` among its related posts, and /blog and Alpha's list show its card: the
    // card (title, summary, reading time) is as it was (docs/decisions/140-a-card-is-not-its-page.md).
    const WHOLE_POSTS = LISTS.filter((path) => !path.startsWith("/blog"));
    const dropped = await droppedBy(() => t.store.updatePost(posts.alpha.id, { content: "<p>Only the words.</p>" }));
    expect(dropped.sort()).toEqual([...WHOLE_POSTS, "/blog/alpha", "/api/public/blog/posts/alpha"].sort());
    // Content long enough to change its reading time changes the card.
    const longer = `<p>${"word ".repeat(3 * WORDS_PER_MINUTE)}</p>`;
    const card = await droppedBy(() => t.store.updatePost(posts.alpha.id, { content: longer }));
    expect(card).toEqual(expect.arrayContaining(["/blog", "/blog?tag=alpha", "/blog/both"]));
  });

  it("editing a published post's tags: its page, its tags' pages, the lists, and the pages of posts sharing a tag", async () => {
    const dropped = await droppedBy(() => t.store.updatePost(posts.gamma.id, { tags: ["Gamma", "Beta"] }));
    expect(dropped.sort()).toEqual(
      [
        ...LISTS,
        "/blog?tag=gamma",
        "/blog?tag=beta",
        "/blog/both",
        "/blog/gamma",
        "/api/public/blog/posts/gamma",
      ].sort(),
    );
  });

  it("moving a published post to a new slug: its page at the old slug and the new", async () => {
    await request(t.app).get("/blog/gamma-moved").expect(404);
    const dropped = await droppedBy(() => t.store.updatePost(posts.gamma.id, { slug: "gamma-moved" }));
    expect(dropped).toContain("/blog/gamma");
    expect(await cacheOf("/blog/gamma-moved")).toBe("MISS");
    expect(dropped).not.toContain("/blog/alpha");
  });

  it("unpublishing a post: its page, its tag's page and the lists", async () => {
    const dropped = await droppedBy(() => t.store.updatePost(posts.gamma.id, { published: false }));
    expect(dropped.sort()).toEqual([...LISTS, "/blog?tag=gamma", "/blog/gamma", "/api/public/blog/posts/gamma"].sort());
  });

  it("deleting a post: its page, its tags' pages, the lists and the pages of posts sharing a tag", async () => {
    const dropped = await droppedBy(() => t.store.deletePost(posts.both.id));
    expect(dropped.sort()).toEqual([...LISTS, "/blog?tag=alpha", "/blog?tag=beta", "/blog/alpha", "/blog/both"].sort());
  });

  it("renaming a tag: its page and the pages of the posts carrying it", async () => {
    const dropped = await droppedBy(() =>
      t.store.renameTag(tags.gamma!.id, { name: "Gamma rays", slug: "gamma-rays" }),
    );
    expect(dropped.sort()).toEqual([...LISTS, "/blog?tag=gamma", "/blog/gamma", "/api/public/blog/posts/gamma"].sort());
  });

  it("merging a tag into another: both tags' pages and the pages of the posts carrying either", async () => {
    const dropped = await droppedBy(() => t.store.mergeTags(tags.beta!.id, tags.alpha!.id));
    expect(dropped.sort()).toEqual([...LISTS, "/blog?tag=alpha", "/blog?tag=beta", "/blog/alpha", "/blog/both"].sort());
  });

  it("deleting a tag: its page and the pages of the posts that carried it", async () => {
    const dropped = await droppedBy(() => t.store.deleteTag(tags.gamma!.id));
    expect(dropped.sort()).toEqual([...LISTS, "/blog?tag=gamma", "/blog/gamma", "/api/public/blog/posts/gamma"].sort());
  });

  it("a write that touches too much to list (a restore past the limit) drops everything", async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ ...posts.alpha, id: 10_000 + i, slug: `restored-${i}` }));
    const dropped = await droppedBy(() => t.store.restorePosts(many));
    expect(dropped).toEqual(PUBLIC);
  });
});
