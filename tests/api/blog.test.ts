import { XMLParser, XMLValidator } from "fast-xml-parser";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_NOT_FOUND_MESSAGE } from "~/server/http/api-router";
import { socialCardPaths } from "~/shared/media";
import { BLOG_MESSAGES, BLOG_PAGE_SIZE } from "~/shared/blog";
import { INDUSTRIES } from "~/shared/industries";
import type { Post } from "~/server/store/types";
import { makePostInput } from "../helpers/factories";
import { asHtml, titleOf } from "../helpers/html";
import { makeTestApp } from "../helpers/test-app";

const PUBLIC_URL = "https://queuewise.example";
let t: Awaited<ReturnType<typeof makeTestApp>>;
let published: Post[];
let draft: Post;
let legacy: Post;

beforeAll(async () => {
  t = await makeTestApp({ env: { PUBLIC_URL } });
  const { store } = t;
  published = [
    await store.createPost(makePostInput({ title: "Oldest published post", tags: ["Healthcare"] })),
    await store.createPost(
      makePostInput({
        title: "Middle published post",
        tags: ["Retail", "Product"],
        coverImage: "https://images.example/cover.png",
      }),
    ),
    await store.createPost(
      makePostInput({
        title: "Newest published post & more",
        tags: ["Product"],
        content:
          '<p>Watch this:</p><iframe class="ql-video" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe><p>and more text here</p>',
      }),
    ),
  ];
  draft = await store.createPost(makePostInput({ title: "Secret draft post", published: false, tags: ["Product"] }));
  // An old post that carries `excerpt` instead of `summary` (docs/product.md section 3), and no
  // `publishedAt`, which it reads as its createdAt (docs/decisions/185-published-means-published.md).
  const { publishedAt: _first, ...oldest } = published[0]!;
  legacy = (await store
    .restorePosts([
      {
        ...oldest,
        id: 900,
        slug: "legacy-post",
        title: "Legacy post",
        summary: "",
        excerpt: "An excerpt from long ago.",
        createdAt: "2020-01-01T00:00:00.000Z",
      },
    ])
    .then(() => store.getPostById(900))) as Post;
});
afterAll(() => t.close());

const get = (path: string) => request(t.app).get(path);
const newestFirst = () =>
  [...published]
    .reverse()
    .map((p) => p.slug)
    .concat("legacy-post");

describe("public blog API", () => {
  it("GET /api/public/blog/posts answers every published post, newest first, revalidated on every call; `cache` is ignored", async () => {
    const res = await get(`/api/public/blog/posts?cache=${Date.now()}`).expect(200).expect("cache-control", "no-cache");
    expect(res.body.map((p: Post) => p.slug)).toEqual(newestFirst());
    expect(res.body[0]).toMatchObject({
      id: published[2]!.id,
      title: published[2]!.title,
      published: true,
      tags: [{ name: "Product", slug: "product" }],
    });
    expect(res.body[0].content).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
  });

  it("falls back to an old post's excerpt for its summary", async () => {
    const res = await get("/api/public/blog/posts/legacy-post").expect(200);
    expect(res.body.summary).toBe("An excerpt from long ago.");
    expect(legacy.excerpt).toBe("An excerpt from long ago.");
  });

  it("pages with ?page=&pageSize= and refuses bad paging with a 400", async () => {
    const res = await get("/api/public/blog/posts?page=2&pageSize=2").expect(200);
    expect(res.body.map((p: Post) => p.slug)).toEqual(newestFirst().slice(2, 4));
    const last = Math.ceil(newestFirst().length / 2);
    expect((await get(`/api/public/blog/posts?page=${last}&pageSize=2`).expect(200)).body.length).toBeGreaterThan(0);
    const past = await get(`/api/public/blog/posts?page=${last + 1}&pageSize=2`).expect(404);
    expect(past.body.message).toBe(BLOG_MESSAGES.pageNotFoundApi);
    const bad = await get("/api/public/blog/posts?page=0&pageSize=500").expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["page", "pageSize"]);
    await get("/api/public/blog/posts?page=2").expect(400);
  });

  it("GET /api/public/blog/posts/:slug answers one post, and a JSON 404 for unknown slugs and drafts", async () => {
    const res = await get(`/api/public/blog/posts/${published[1]!.slug}`).expect(200);
    expect(res.body).toMatchObject({ title: "Middle published post", coverImage: "https://images.example/cover.png" });
    for (const slug of ["no-such-post", draft.slug]) {
      const missing = await get(`/api/public/blog/posts/${slug}`).expect(404).expect("content-type", /json/);
      expect(missing.body).toEqual({ message: BLOG_MESSAGES.notFoundApi });
    }
  });

  it("GET /api/blog/posts lists published posts and GET /api/blog/tags the tags of published posts", async () => {
    await t.store.createPost(makePostInput({ published: false, tags: ["Draft Topic"] }));
    const posts = await get("/api/blog/posts").expect(200);
    expect(posts.body.map((p: Post) => p.slug)).toEqual(newestFirst());
    const tags = await get("/api/blog/tags").expect(200);
    expect(tags.body.map((tag: { slug: string }) => tag.slug).sort()).toEqual(["healthcare", "product", "retail"]);
  });

  it("an unknown /api path is a JSON 404", async () => {
    const res = await get("/api/nothing-here").expect(404).expect("content-type", /json/);
    expect(res.body).toEqual({ message: API_NOT_FOUND_MESSAGE });
  });
});

describe("/blog", () => {
  it("renders the cards on the server, newest first, without drafts", async () => {
    const { text } = await get("/blog").expect(200);
    const positions = newestFirst().map((slug) => text.indexOf(`href="/blog/${slug}"`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).not.toContain(draft.title);
    expect(text).toContain(asHtml("Newest published post & more"));
    expect(text).toContain("data-cover="); // a post without a cover gets a generated one
    expect(text).toContain('src="https://images.example/cover.png"');
    expect(text).toMatch(/<link rel="canonical" href="https:\/\/queuewise.example\/blog"/);
  });

  it("?tag= shows only that tag's posts, names the tag and links back to all posts", async () => {
    const { text } = await get("/blog?tag=healthcare").expect(200);
    expect(text).toContain(`href="/blog/${published[0]!.slug}"`);
    expect(text).not.toContain(`href="/blog/${published[1]!.slug}"`);
    expect(text).toContain("Showing posts tagged");
    expect(text).toContain("Healthcare");
    expect(text).toContain("Show all posts");
  });

  it.each(["nothing", "product-draft-only"])("an unknown or draft-only tag (%s) is a 404 not kept", async (tag) => {
    await t.store.createPost(makePostInput({ published: false, tags: ["Product Draft Only"] }));
    for (const round of ["MISS", "MISS"]) {
      const res = await get(`/blog?tag=${tag}`).expect(404);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["x-cache"]).toBe(round);
      expect(res.text).not.toContain("Product Draft Only");
    }
  });

  it.each(["/blog?page=2", "/blog?page=0", "/blog?page=abc"])(
    "%s past the last page is a 404, not kept",
    async (path) => {
      const res = await get(path).expect(404);
      expect(res.headers["cache-control"]).toBe("no-store");
    },
  );
});

describe("/blog/:slug", () => {
  it("renders the post with its date, content, tags and discovery tags", async () => {
    const post = published[1]!;
    const { text } = await get(`/blog/${post.slug}`).expect(200);
    expect(titleOf(text)).toBe("Middle published post | QueueWise");
    expect(text).toContain(BLOG_MESSAGES.backToBlog);
    expect(text).toContain('href="/blog?tag=retail"');
    expect(text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog/${post.slug}"`);
    // The cover shows on the page; link previews get the post's 1200x630 card (an outside cover is never fetched).
    expect(text).toContain('src="https://images.example/cover.png"');
    expect(text).toContain(`<meta property="og:image" content="${PUBLIC_URL}${socialCardPaths.post(post)}"`);
    expect(text).toContain('<meta name="twitter:card" content="summary_large_image"');
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(text)?.[1];
    expect(JSON.parse(jsonLd!)).toMatchObject({
      "@type": "BlogPosting",
      headline: post.title,
      mainEntityOfPage: `${PUBLIC_URL}/blog/${post.slug}`,
    });
  });

  it("keeps a YouTube embed in the rendered content", async () => {
    const { text } = await get(`/blog/${published[2]!.slug}`).expect(200);
    expect(text).toContain('<iframe class="ql-video"');
  });

  it.each([
    ["an unknown slug", "no-such-post"],
    ["a draft", "draft"],
  ])("%s answers 404 with Blog Post Not Found", async (_, which) => {
    const slug = which === "draft" ? draft.slug : which;
    const { text } = await get(`/blog/${slug}`).expect(404);
    expect(text).toContain(BLOG_MESSAGES.notFoundTitle);
    expect(text).toContain(BLOG_MESSAGES.returnToBlog);
    expect(text).not.toContain(draft.title);
  });
});

describe("feeds", () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ["item", "url", "category"].includes(name),
  });

  it("/rss.xml is valid RSS listing exactly the published posts, newest first", async () => {
    const res = await get("/rss.xml")
      .expect(200)
      .expect("content-type", /application\/rss\+xml/);
    expect(XMLValidator.validate(res.text)).toBe(true);
    const items = parser.parse(res.text).rss.channel.item as { link: string; title: string }[];
    expect(items.map((i) => i.link)).toEqual(newestFirst().map((slug) => `${PUBLIC_URL}/blog/${slug}`));
    expect(items[0]!.title).toBe("Newest published post & more");
  });

  it("/sitemap.xml is valid and lists the public pages, the ten industries and exactly the published posts", async () => {
    const res = await get("/sitemap.xml").expect(200).expect("content-type", /xml/);
    expect(XMLValidator.validate(res.text)).toBe(true);
    const locs = (parser.parse(res.text).urlset.url as { loc: string }[]).map((u) => u.loc);
    const expected = [
      "/",
      "/industries",
      ...INDUSTRIES.map((i) => `/industries/${i.id}`),
      "/blog",
      ...newestFirst().map((s) => `/blog/${s}`),
    ];
    expect(locs).toEqual(expected.map((p) => PUBLIC_URL + p));
  });

  it("/robots.txt points at the sitemap", async () => {
    const res = await get("/robots.txt")
      .expect(200)
      .expect("content-type", /text\/plain/);
    expect(res.text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe("a blog with more than one page", () => {
  it("shows 12 a page with older and newer links and a canonical URL per page", async () => {
    const many = await makeTestApp({ env: { PUBLIC_URL } });
    try {
      for (let i = 0; i < BLOG_PAGE_SIZE + 3; i++) await many.store.createPost(makePostInput({ tags: ["Bulk"] }));
      const first = await request(many.app).get("/blog?tag=bulk").expect(200);
      expect(first.text.match(/<article/g)).toHaveLength(BLOG_PAGE_SIZE);
      expect(first.text).toContain('href="/blog?tag=bulk&amp;page=2"');
      const second = await request(many.app).get("/blog?tag=bulk&page=2").expect(200);
      expect(second.text.match(/<article/g)).toHaveLength(3);
      expect(second.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog?tag=bulk&amp;page=2"`);
      expect(second.text).toContain('href="/blog?tag=bulk"');
      await request(many.app).get("/blog?tag=bulk&page=3").expect(404);
    } finally {
      await many.close();
    }
  });
});
